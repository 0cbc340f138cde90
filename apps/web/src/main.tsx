// First, so that the feature style sheets bundled with the app shell come after it and win ties, as lazy ones do.
import './styles/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchHomeData } from './app/routes/home';
import { initI18n } from './i18n';
import { registerServiceWorker } from './lib/service-worker';
import { captureSpread } from './lib/spread';

// Before the router touches the URL: the referrer id may sit before the hash.
captureSpread(window.location);

registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

void initI18n().finally(() => {
  // After the strings (a failed read's toast is translated), before the first render's long task.
  prefetchHomeData(window.location.hash);
  const reactRoot = createRoot(root);
  // As a transition, the first render yields to the browser every few milliseconds instead of holding the main thread
  // for the whole tree (one long task of ~110 ms on a quiet machine, ~440 ms at Lighthouse's 4× slowdown): input and
  // the network responses are handled in between; only the commit is one task (decision 062).
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
