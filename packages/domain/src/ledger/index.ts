export * from './accounts.ts';
export * from './entries.ts';
export * from './apply.ts';
export * from './invariants.ts';
export * from './flows.ts';
