export { IncomeOverview } from './components/income-overview';
export { IncomeLog } from './components/income-log';
export { parseRewardKind } from './model/reward-kind';
