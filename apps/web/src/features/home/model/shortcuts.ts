import type { ComponentType } from 'react';
import {
  BagIcon,
  BillIcon,
  CardIcon,
  CardMarketIcon,
  ChartIcon,
  CoinPlusIcon,
  GameIcon,
  IncomeIcon,
  InviteIcon,
  MegaphoneIcon,
  MinerIcon,
  ParachuteIcon,
  PledgeIcon,
  SlotIcon,
  TeamIcon,
  WalletIcon,
  WheelIcon,
} from '../../../components/ui/art/icons';
import type { PageId } from '../../../lib/pages';

export interface Shortcut {
  page: PageId;
  /** Appended to the page's path, e.g. `?type=usdt`; empty for none. */
  search?: string;
  /** A page outside spec §2 (the points shop): its path, and its label's key under `home.` in place of the title. */
  path?: string;
  label?: 'shopShortcut';
  Icon: ComponentType<{ className?: string }>;
  testId: string;
}

/**
 * The Home shortcut grid, in order. Each entry is a page that is built and reachable; a module adds its entry
 * here when its page ships (never a "coming soon" page). The four money actions are not here: they sit under the
 * total balance. The label is the page's title (`titles.<page>`); the icon is the page's own (no two tiles share one, so
 * they are told apart at a glance — issue 25 §2).
 */
export const SHORTCUTS: readonly Shortcut[] = [
  { page: 'cards/index', Icon: CardIcon, testId: 'quick-cards' },
  { page: 'trading/index', Icon: CardMarketIcon, testId: 'quick-trading' },
  { page: 'mining/index', Icon: MinerIcon, testId: 'quick-mining' },
  { page: 'pledge/index', Icon: PledgeIcon, testId: 'quick-pledge' },
  { page: 'community/index', Icon: TeamIcon, testId: 'quick-community' },
  { page: 'property/index', Icon: WalletIcon, testId: 'quick-holdings' },
  { page: 'property/propDetails', Icon: BillIcon, testId: 'quick-bills' },
  { page: 'index/airDrop', Icon: ParachuteIcon, testId: 'quick-airdrop' },
  { page: 'index/income', Icon: IncomeIcon, testId: 'quick-income' },
  { page: 'community/invite', Icon: InviteIcon, testId: 'quick-invite' },
  { page: 'property/single', Icon: CoinPlusIcon, testId: 'quick-charge' },
  { page: 'user/price', Icon: ChartIcon, testId: 'quick-price' },
  { page: 'article/index', Icon: MegaphoneIcon, testId: 'quick-articles' },
  // The points shop (decision 073) is not a spec §2 page; `page` names the tab it belongs to.
  { page: 'user/user', path: '/pages/shop/index', label: 'shopShortcut', Icon: BagIcon, testId: 'quick-shop' },
  { page: 'game/index', Icon: GameIcon, testId: 'quick-game' },
  { page: 'game/tiger/tiger', Icon: SlotIcon, testId: 'quick-slot' },
  { page: 'ss-raffle-demo/ss-raffle-demo', Icon: WheelIcon, testId: 'quick-raffle' },
];
