/** The endpoint namespaces other contract files refer to (the console's list of money routes), without the index's cycle. */
export * as transferApi from './http/transfer.js';
export * as marketApi from './http/market.js';
export * as withdrawalsApi from './http/withdrawals.js';
export * as chargeApi from './http/charge.js';
export * as cardsApi from './http/cards.js';
export * as miningApi from './http/mining.js';
export * as pledgeApi from './http/pledge.js';
export * as shopApi from './http/shop.js';
export * as gamesApi from './http/games.js';
