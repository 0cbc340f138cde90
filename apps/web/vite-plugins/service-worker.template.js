/**
 * Reef's service worker (scope /index/), written into the build as sw.js by vite-plugins/service-worker.ts,
 * which fills in the version and the precache list (decision 031).
 *
 * - Install: fetch the app shell (index.html, the entry's JS and CSS, the home page's chunks, the default
 *   catalogue, the manifest and icons) into a cache named after this build, then take over at once
 *   (skipWaiting + clients.claim): hashed files never change under a name, so an open page keeps working
 *   with the new worker, and index.html comes from the network first, so the next load is the new build.
 * - Navigations: the network first (a deploy is seen at once); offline, the cached index.html.
 * - Hashed files under assets/: the cache first (they are immutable), a network answer is kept for the
 *   next offline start.
 * - Everything else, /api/, /ws and /uploads/ above all, is not touched: the browser fetches it as if
 *   there were no worker, so no reply of the API is ever cached.
 */
const VERSION = '__REEF_VERSION__';
const PRECACHE = ['__REEF_PRECACHE__'];
const CACHE = `reef-shell-${VERSION}`;
const SCOPE = new URL(self.registration.scope);
const SHELL_URL = new URL('./', SCOPE).href;
const ASSETS = new URL('assets/', SCOPE).pathname;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // `reload` skips the HTTP cache, so the shell is the one this worker was built with.
      await cache.addAll(PRECACHE.map((url) => new Request(new URL(url, SCOPE), { cache: 'reload' })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('reef-shell-') && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

async function navigation(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(SHELL_URL, { cacheName: CACHE });
    if (cached) return cached;
    throw error;
  }
}

async function asset(request) {
  const cached = await caches.match(request, { cacheName: CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin) return;
  if (request.mode === 'navigate' && url.pathname.startsWith(SCOPE.pathname)) {
    event.respondWith(navigation(request));
  } else if (url.pathname.startsWith(ASSETS)) {
    event.respondWith(asset(request));
  }
});
