import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

// A transition: React renders the app in slices of a few milliseconds, yielding to the browser between
// them, instead of in one long task (Lighthouse's total blocking time).
startTransition(() =>
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

/**
 * The service worker lets a time station load and punch with no connection (see vite.config.ts).
 * Registered once the page has loaded and the browser is idle, so it never competes with the first
 * paint, and without workbox-window: when a new release's worker takes over a page that an older one
 * controlled (the worker skips waiting and claims its clients), the page reloads onto the new code,
 * what vite-plugin-pwa's `autoUpdate` did.
 */
function registerServiceWorker() {
  const sw = navigator.serviceWorker;
  const hadController = !!sw.controller;
  let reloading = false;
  sw.addEventListener('controllerchange', () => {
    if (!hadController || reloading) return;
    reloading = true;
    window.location.reload();
  });
  sw.register('/sw.js', { scope: '/' }).catch(() => undefined);
}

if ('serviceWorker' in navigator && import.meta.env.PROD) {
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(registerServiceWorker, { timeout: 3000 })
      : setTimeout(registerServiceWorker, 500);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
