export { HomeHeader } from './components/home-header';
export { QuickLinks } from './components/quick-links';
