/**
 * Registers the service worker the build emits (sw.js, decision 031) from the bundled entry, not from
 * an inline script, so it works under a CSP that allows scripts from self only. After the page has
 * loaded, so its fetches never compete with the first screen's. Development builds have no worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL }).catch((error: unknown) => {
      // Without a worker the app works as before, only not offline.
      console.warn('service worker not registered', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
