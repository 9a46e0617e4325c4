import { formatMinor, TURNOVER_SCALE, type CandleMinor } from '@vela/domain';
import type { Candle } from '@vela/contract';

/** Scales a candle is written with: prices at the coin's price scale, volume at its volume scale. */
export interface CandleScales {
  priceScale: number;
  volumeScale: number;
}

/** A candle in minor units as the wire's decimal strings; turnover at TURNOVER_SCALE. */
export function toWireCandle(candle: CandleMinor, scales: CandleScales): Candle {
  return {
    t: candle.t,
    o: formatMinor(candle.o, scales.priceScale),
    h: formatMinor(candle.h, scales.priceScale),
    l: formatMinor(candle.l, scales.priceScale),
    c: formatMinor(candle.c, scales.priceScale),
    v: formatMinor(candle.v, scales.volumeScale),
    q: formatMinor(candle.q, TURNOVER_SCALE),
  };
}
