// The pledge feature's public surface (issue 12): the products (pledge/index), one product with the lock form
// (pledge/details) and the caller's positions (pledge/myList). The app layer hands in the user's balances.
export { PledgeProducts } from './components/pledge-products';
export { PledgeDetails } from './components/pledge-details';
export { MyPledges } from './components/my-pledges';
