export * from './decimal.ts';
export * from './number-format.ts';
export * from './amount-input.ts';
export * from './account-rules.ts';
export * from './password-hash.ts';
export * from './market/index.ts';
