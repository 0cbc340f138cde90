export * from './users.js';
export * from './auth.js';
export * from './ledger.js';
export * from './idempotency.js';
export * from './market.js';
export * from './withdrawals.js';
export * from './deposits.js';
