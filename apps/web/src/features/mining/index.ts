// The mining feature's public surface (issue 12): the miner exchange, the order form, the bubbles and the
// purchase confirmation. The app layer composes these into the route files and hands in the user's balances.
export { MiningExchange } from './components/mining-exchange';
export { BuyMiner } from './components/buy-miner';
export { BubbleReef } from './components/bubble-reef';
export { MinerBought } from './components/miner-bought';
export { idFromQuery } from './model/paths';
