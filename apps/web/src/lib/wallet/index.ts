export * from './eip1193';
export * from './eip6963';
export * from './chain';
export * from './siwe';
export * from './erc20';
export * from './active-wallet';
