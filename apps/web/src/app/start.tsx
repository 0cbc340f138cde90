import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { initI18n } from '../i18n';
import { App } from './app';
import { prefetchHomeData } from './routes/home';

/**
 * The shell's start, evaluated in a task after the entry's (main.tsx, decision 069): the first-screen strings, Home's
 * reads, then the first render. `createRoot` comes from the entry, which holds react-dom.
 */
export function startApp(createRoot: () => Root): Promise<void> {
  return initI18n().finally(() => {
    // After the strings (a failed read's toast is translated), before the first render's long task.
    prefetchHomeData(window.location.hash);
    const reactRoot = createRoot();
    // As a transition, the first render yields to the browser every few milliseconds instead of holding the main
    // thread for the whole tree (one long task of ~110 ms on a quiet machine, ~440 ms at Lighthouse's 4× slowdown):
    // input and the network responses are handled in between; only the commit is one task (decision 062).
    startTransition(() => {
      reactRoot.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  });
}
