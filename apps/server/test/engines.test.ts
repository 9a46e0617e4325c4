import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { warnOfKnownFeedSeed } from '../src/engines.ts';

/** A known `FEED_SEED` makes every simulated price computable: the server says so outside tests. */
describe('the FEED_SEED warning', () => {
  const warnings = (env: NodeJS.ProcessEnv) => {
    const said: string[] = [];
    warnOfKnownFeedSeed(loadConfig(env), { warn: (message) => said.push(message) });
    return said;
  };

  it('warns loudly when the simulator runs on a known seed outside tests', () => {
    for (const NODE_ENV of ['production', 'development']) {
      const said = warnings({ NODE_ENV, FEED_SEED: '42' });
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(/FEED_SEED IS SET.*ANYONE WHO KNOWS IT CAN COMPUTE FUTURE PRICES/);
    }
  });

  it('stays silent with the default keyed secrets, in tests, and for an exchange feed', () => {
    expect(warnings({ NODE_ENV: 'production' })).toEqual([]);
    expect(warnings({ NODE_ENV: 'test', FEED_SEED: '42' })).toEqual([]);
    expect(
      warnings({
        NODE_ENV: 'production',
        FEED_SEED: '42',
        FEED_SOURCE: 'exchange',
        EXCHANGE_STREAM_URL: 'wss://stream.example:9443',
      }),
    ).toEqual([]);
  });
});
