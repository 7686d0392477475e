import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a screen fails to render or its code cannot be fetched (e.g. after a new release). */
export function ErrorScreen({ error }: { error: unknown }) {
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

/** The route tree's errorElement, for a data router (the component tests' memory router). */
export function RouteError() {
  return <ErrorScreen error={useRouteError()} />;
}

interface BoundaryProps {
  /** The current path: leaving the page that failed shows the next one again. */
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  failedAt: string | null;
}

/** What errorElement does in a data router, for the app's declarative router (App.tsx). */
export class ScreenErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error && state.failedAt === null) return { failedAt: props.pathname };
    if (state.error && state.failedAt !== props.pathname) return { error: null, failedAt: null };
    return null;
  }

  override render() {
    return this.state.error ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
