export * from './random.ts';
export * from './intervals.ts';
export * from './candles.ts';
export * from './simulator.ts';
export * from './rolling-stats.ts';
export * from './rankings.ts';
export * from './backfill.ts';
export * from './keyed-draws.ts';
