export { TransferForm } from './components/transfer-form';
export { BillList } from './components/bill-list';
