export { marketRootKey } from './api/keys';
export { coinIndexQueryOptions } from './api/get-coin-index';
export { CoinStats } from './components/coin-stats';
export { PriceOverview } from './components/price-overview';
export { PriceChartPanel } from './components/price-chart-panel';
export { TradeList } from './components/trade-list';
export { useLakes } from './api/list-lakes';
export { LakesList } from './components/lakes-list';
