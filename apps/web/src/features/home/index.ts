export { BalanceSummary } from './components/balance-summary';
export { HomeHeader } from './components/home-header';
export { QuickLinks } from './components/quick-links';
export { SHORTCUTS, type Shortcut } from './model/shortcuts';
