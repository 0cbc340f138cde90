export { TransferForm } from './components/transfer-form';
export { BillList } from './components/bill-list';
export { ExchangeForm } from './components/exchange-form';
export { FundsOverview } from './components/funds-overview';
export { WithdrawalForm } from './components/withdrawal-form';
export { WithdrawalList } from './components/withdrawal-list';
export { RechargeForm } from './components/recharge-form';
export { DepositList } from './components/deposit-list';
