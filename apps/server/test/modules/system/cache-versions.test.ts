import { describe, expect, it } from 'vitest';
import { VersionedAnswer } from '../../../src/modules/system/cache-versions.ts';

/** Answers kept until their cache versions move, with the versions read at most so often. */
describe('versioned answers', () => {
  it('builds once per version, and with a re-check interval reads the versions no more often', async () => {
    let version = 1;
    let now = 0;
    let reads = 0;
    let builds = 0;
    const answer = new VersionedAnswer(
      async () => {
        reads += 1;
        return String(version);
      },
      async () => `built at version ${version} (${(builds += 1)})`,
      100,
      () => now,
    );
    expect(await answer.get()).toBe('built at version 1 (1)');
    version = 2;
    now = 99;
    // Within the interval the versions are not read again: the old answer stands.
    expect(await answer.get()).toBe('built at version 1 (1)');
    expect(reads).toBe(1);
    now = 100;
    expect(await answer.get()).toBe('built at version 2 (2)');
    expect(await answer.get()).toBe('built at version 2 (2)');
    expect([reads, builds]).toEqual([2, 2]);
  });

  it('reads the versions on every call without an interval', async () => {
    let reads = 0;
    const answer = new VersionedAnswer(
      async () => String((reads += 1) > 2 ? 'b' : 'a'),
      async () => reads,
    );
    expect(await answer.get()).toBe(1);
    expect(await answer.get()).toBe(1);
    expect(await answer.get()).toBe(3);
  });
});
