// Proof of liabilities (issue 23, decision 098): the public root and totals, and the user's own check of their leaf.
export { PublishedLiabilities } from './components/published-liabilities';
export { VerifyMyBalance } from './components/verify-my-balance';
export { LIABILITIES_ROUTES } from './model/paths';
