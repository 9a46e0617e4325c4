/**
 * Deterministic randomness for the price simulator. A value depends only on (seed, stream, step),
 * never on how many values were drawn before, so a restarted feed draws exactly the numbers an
 * uninterrupted one would have drawn for the same second.
 */

/** A 32-bit mix (the finaliser of MurmurHash3), good enough to decorrelate nearby inputs. */
function mix32(value: number): number {
  let h = value | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A uniform number in (0, 1) for one (seed, stream, step, lane). */
export function uniformAt(seed: number, stream: number, step: number, lane = 0): number {
  const high = Math.floor(step / 0x1_0000_0000);
  let h = mix32(seed ^ 0x9e3779b9);
  h = mix32(h ^ stream);
  h = mix32(h ^ (step >>> 0));
  h = mix32(h ^ high);
  h = mix32(h ^ (lane * 0x27d4eb2d));
  return (h + 0.5) / 0x1_0000_0000;
}

/** A standard normal number for one (seed, stream, step), by the Box–Muller transform. */
export function normalAt(seed: number, stream: number, step: number): number {
  const u1 = uniformAt(seed, stream, step, 1);
  const u2 = uniformAt(seed, stream, step, 2);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}
