import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { NOTIFICATION_AUTO_CLOSE_MS } from '@punchclock/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './api/queryClient';
import { theme } from './theme';

/** Everything a screen needs around it; the tests wrap their own router in it too. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications autoClose={NOTIFICATION_AUTO_CLOSE_MS} position="top-right" />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
