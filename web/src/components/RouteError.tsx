import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a screen fails to render or its code cannot be fetched (e.g. after a new release). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? error.statusText : error instanceof Error ? error.message : '';
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" maw={440} ta="center">
        <Title order={2}>Something went wrong</Title>
        <Text c="dimmed">This page could not be shown. Reloading usually helps.</Text>
        {detail && (
          <Text size="xs" c="dimmed" ff="monospace">
            {detail}
          </Text>
        )}
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
