// The points shop's public surface (issue 15 §1): the goods list and page, the order confirm, my orders, an order,
// the two system pickers (/choose-location, /open-location) and Mine's order counters. Routes compose these.
export { GoodsList } from './components/goods-list';
export { GoodsDetail } from './components/goods-detail';
export { OrderConfirm } from './components/order-confirm';
export { MyOrders } from './components/my-orders';
export { OrderDetail } from './components/order-detail';
export { ChooseLocation } from './components/choose-location';
export { OpenLocation } from './components/open-location';
export { OrderCounters } from './components/order-counters';
export { idParam, statusParam, shopPaths, SHOP_ROUTES } from './model/paths';
