export { BalanceSummaryPlaceholder } from './components/balance-summary-placeholder';
export { HomeHeader } from './components/home-header';
export { QuickLinks } from './components/quick-links';
export { SHORTCUTS, type Shortcut } from './model/shortcuts';
// BalanceSummary (components/balance-summary) is imported by its own path from the lazily loaded signed-in part of
// Home (app/routes/home-account), so a visitor's first load does not carry it.
