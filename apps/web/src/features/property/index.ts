export { TransferForm } from './components/transfer-form';
export { BillList } from './components/bill-list';
export { ExchangeForm } from './components/exchange-form';
export { FundsOverview } from './components/funds-overview';
