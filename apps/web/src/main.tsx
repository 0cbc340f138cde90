// First, so that the feature style sheets bundled with the app shell come after it and win ties, as lazy ones do.
import './styles/global.css';
import { createRoot } from 'react-dom/client';
import { registerServiceWorker } from './lib/service-worker';
import { captureSpread } from './lib/spread';

// Before the router touches the URL: the referrer id may sit before the hash.
captureSpread(window.location);

registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const container = root;

/**
 * Start-up in two tasks (decision 069). One entry that held everything was evaluated in one task, the load's longest
 * (~35 ms of CPU on a quiet machine, ~140 ms at Lighthouse's 4× slowdown). The entry now holds react-dom; the shell
 * (strings, router, TanStack Query, the contract's zod schemas, Home) is a chunk of its own that index.html preloads
 * with the entry (vite-plugins/service-worker.ts), so the split costs no round trip, and it is evaluated after a
 * timer, in a task of its own. Two pieces, not more: each chunk costs its headers and some brotli context.
 */
void new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => import('./app/start')).then(({ startApp }) => startApp(() => createRoot(container)));
