import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** The route the address bar's hash names, as the hash router reads it: path and query, without a nested hash. */
export function hashRoute(hash: string): string {
  const route = hash.replace(/^#/, '').split('#')[0] ?? '';
  return route === '' ? '/' : route;
}

/**
 * The first render runs as a transition (decision 062), so React Router's HashRouter subscribes to hash changes
 * only when that render commits. A change made in between (a back tap or a link opened just after the load, or a
 * test's same-document navigation) would be lost, and the app would stay on the page it was loaded on. Once the
 * router listens (an effect runs after every layout effect, the router's subscription among them), this catches up
 * with the address bar, replacing the entry rather than adding one.
 */
export function AddressBarCatchUp(): null {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const actual = hashRoute(window.location.hash);
    if (actual !== pathname + search) navigate(actual, { replace: true });
    // Once, at the mount: later changes reach the router through its own listener.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
