import type { QueryClient } from '@tanstack/react-query';

// The app's QueryClient, once its module has run. <Providers> reads it from here so that TanStack
// Query's core (query cache, retryer, managers: ~8 kB gzip) is not part of the first load of the
// pages that never call the API (`/`): the client is created by the first module that uses TanStack
// Query (see react-query.ts), which is always a lazily loaded page, layout or dialog.
let current: QueryClient | undefined;
const listeners = new Set<() => void>();

export function provideQueryClient(client: QueryClient): void {
  if (current === client) return;
  current = client;
  listeners.forEach((l) => l());
}

export const queryClientStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): QueryClient | undefined => current,
};
