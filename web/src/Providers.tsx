import { MantineProvider } from '@mantine/core';
import { QueryClientContext } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { queryClientStore } from './api/query-client-store';
import { NotificationsHost } from './components/notifications-host';
import { cssVariablesResolver, theme } from './theme';

/**
 * Everything a screen needs around it; the tests wrap their own router in it too.
 * The query context is always there (the tree's shape never changes) and holds the app's
 * QueryClient from the moment the first module using TanStack Query has loaded (api/react-query.ts):
 * the public home page never loads TanStack Query's core.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryContext>
        {/* The confirm dialogs' ModalsProvider is in the signed-in layouts, the only users. */}
        <NotificationsHost />
        {children}
      </QueryContext>
    </MantineProvider>
  );
}

/**
 * Its own component, so that the client's arrival re-renders only the query context's consumers, not
 * MantineProvider (which computes the theme's CSS variables again on every render of it).
 */
function QueryContext({ children }: { children: ReactNode }) {
  const client = useSyncExternalStore(queryClientStore.subscribe, queryClientStore.get);
  // What QueryClientProvider does: focus and online events refetch and resume.
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}
