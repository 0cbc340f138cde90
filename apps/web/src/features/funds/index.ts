// The funds feature's public surface: one sub-slice per server module (transfer, exchange, deposits as
// recharge, withdrawals, charge, ledger bills), plus the holdings views over the user's balances.
// records (user/record) shows the deposit and withdrawal lists side by side.
export { TransferForm } from './transfer/components/transfer-form';
export { ExchangeForm } from './exchange/components/exchange-form';
export { RechargeForm } from './recharge/components/recharge-form';
export { DepositList } from './recharge/components/deposit-list';
export { WithdrawalForm } from './withdrawal/components/withdrawal-form';
export { WithdrawalList } from './withdrawal/components/withdrawal-list';
export { WithdrawalDetail } from './withdrawal/components/withdrawal-detail';
export { ChargePanel } from './charge/components/charge-panel';
export { BillList } from './bills/components/bill-list';
export { BalancesOverview } from './holdings/components/balances-overview';
export { AssetDetails } from './holdings/components/asset-details';
export { FundRecords } from './records/components/fund-records';
