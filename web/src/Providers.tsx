import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './api/queryClient';
import { NotificationsHost } from './components/notifications-host';
import { theme } from './theme';

/** Everything a screen needs around it; the tests wrap their own router in it too. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        {/* The confirm dialogs' ModalsProvider is in the signed-in layouts, the only users. */}
        <NotificationsHost />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
