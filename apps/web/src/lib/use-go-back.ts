import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from './pages';

/**
 * Back like a native navigation bar: to the previous in-app page, or home when the page was
 * opened directly (React Router keeps its history position in history.state.idx).
 */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const state: unknown = window.history.state;
    const index = typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : undefined;
    if (typeof index === 'number' && index > 0) navigate(-1);
    else navigate(HOME_PATH, { replace: true });
  }, [navigate]);
}
