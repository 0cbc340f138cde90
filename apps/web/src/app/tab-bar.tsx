import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { Link, useLocation } from 'react-router-dom';
import { ChatIcon, HomeIcon, UserIcon } from '../components/ui/art/icons';
import { cx } from '../components/ui/class-names';
import { HOME_PATH, pagePath } from '../lib/pages';

interface Tab {
  to: string;
  /** Paths that light this tab; `/` is the home alias. */
  paths: string[];
  label: 'tabs.home' | 'tabs.ai' | 'tabs.mine';
  Icon: ComponentType<{ className?: string }>;
  testId: string;
}

const TABS: Tab[] = [
  { to: HOME_PATH, paths: ['/', HOME_PATH], label: 'tabs.home', Icon: HomeIcon, testId: 'tab-home' },
  { to: pagePath('chat/index'), paths: [pagePath('chat/index')], label: 'tabs.ai', Icon: ChatIcon, testId: 'tab-ai' },
  { to: pagePath('user/user'), paths: [pagePath('user/user')], label: 'tabs.mine', Icon: UserIcon, testId: 'tab-mine' },
];

/** `badges`: something to pin on a tab, by its test id (the unread count on AI chat). */
export function TabBar({ badges = {} }: { badges?: Partial<Record<string, ReactNode>> }) {
  const { t } = useTranslation();
  const pathname = useLocation().pathname.toLowerCase();
  return (
    <nav className="tab-bar" aria-label={t('tabs.label')}>
      {TABS.map(({ to, paths, label, Icon, testId }) => {
        const active = paths.some((path) => path.toLowerCase() === pathname);
        return (
          <Link key={to} to={to} replace className={cx('tab-bar__item', active && 'is-active')} aria-current={active ? 'page' : undefined} data-testid={testId}>
            <Icon className="tab-bar__icon" />
            <span className="tab-bar__label">{t(label)}</span>
            {badges[testId]}
          </Link>
        );
      })}
    </nav>
  );
}
