import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { App } from './App';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker lets a time station load and punch with no connection (see vite.config.ts).
if ('serviceWorker' in navigator && import.meta.env.PROD) registerSW({ immediate: true });
