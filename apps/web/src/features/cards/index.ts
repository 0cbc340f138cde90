// The cards feature's public surface (issue 11): the starter cards (cards/…) and the card market (trading/…). The
// app layer composes these into the route files and hands in what belongs to other features (the RUSD charge page).
export { StarterCards } from './components/starter-cards';
export { CardTypeDetails } from './components/card-type-details';
export { MyCardDetails } from './components/my-card-details';
export { SellCard } from './components/sell-card';
export { MyCards } from './components/my-cards';
export { PurchaseSuccess } from './components/purchase-success';
export { Market } from './components/market';
export { ListingDetails } from './components/listing-details';
export { OrderForm } from './components/order-form';
export { MyOrders } from './components/my-orders';
export { MySales } from './components/my-sales';
export { TradeRecord } from './components/trade-record';
export { SplitSettingsSection, TradingSettings } from './components/trading-settings';
export { Renewal } from './components/renewal';
export { TradingSuccess } from './components/trading-success';
export { idParam, isSuccessKind } from './model/paths';
