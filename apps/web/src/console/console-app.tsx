/**
 * The console's shell: signed out, the wallet sign-in; signed in, `GET /api/admin/me` decides (anyone without a
 * console role is refused and stays on the sign-in page); then the menu of the pages this operator's roles may
 * read and the page the hash names.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleApi, type OperatorRole } from '@reef/contract';
import { mayCall, OperatorContext } from './access';
import { ApiError, call } from './api';
import { LanguageSelect } from './components/language-select';
import { ToastHost } from './components/toast';
import { useT } from './i18n';
import { CONSOLE_PAGES, PAGE_GROUPS } from './registry';
import { useHashPath } from './router';
import { setConsoleToken, useConsoleToken } from './session';
import { SignIn } from './sign-in';

export function ConsoleApp() {
  const token = useConsoleToken();
  const me = useQuery({ queryKey: ['me', token], queryFn: () => call(consoleApi.adminMe), enabled: token !== null });
  if (!token) return <SignIn refused={false} />;
  if (me.error) {
    const refused = me.error instanceof ApiError && me.error.status === 403;
    return <SignIn refused={refused} />;
  }
  if (!me.data) return null;
  return (
    <OperatorContext.Provider value={me.data}>
      <Shell roles={me.data.roles} account={me.data.account} />
    </OperatorContext.Provider>
  );
}

function Shell({ roles, account }: { roles: readonly OperatorRole[]; account: string }) {
  const t = useT();
  const path = useHashPath();
  const queryClient = useQueryClient();
  const pages = CONSOLE_PAGES.filter((page) => mayCall(roles, page.reads));
  const current = pages.find((page) => path === page.path || path.startsWith(`${page.path}/`)) ?? pages[0];
  const Page = current?.component;
  const signOut = () => {
    setConsoleToken(null);
    queryClient.clear();
  };

  return (
    <div className="shell">
      <aside className="shell__menu">
        <h1>{t('app.title')}</h1>
        <nav aria-label={t('app.title')}>
          {PAGE_GROUPS.map((group) => {
            const entries = pages.filter((page) => page.group === group);
            if (entries.length === 0) return null;
            return (
              <section key={group}>
                <h2>{t(`nav.group.${group}`)}</h2>
                {entries.map((page) => (
                  <a key={page.path} href={`#${page.path}`} aria-current={page === current ? 'page' : undefined}>
                    {t(page.title)}
                  </a>
                ))}
              </section>
            );
          })}
        </nav>
        <footer>
          <p className="who" data-testid="console-roles">
            {account.slice(0, 6)}…{account.slice(-4)} · {roles.map((role) => t(`role.${role}`)).join(', ')}
          </p>
          <LanguageSelect />
          <button type="button" className="btn btn--ghost" onClick={signOut}>
            {t('signIn.signOut')}
          </button>
        </footer>
      </aside>
      <main className="shell__page">{Page && <Page rest={current && path.startsWith(`${current.path}/`) ? path.slice(current.path.length + 1) : ''} />}</main>
      <ToastHost />
    </div>
  );
}
