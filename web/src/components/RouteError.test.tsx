import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ScreenErrorBoundary } from './RouteError';

function Broken(): never {
  throw new Error('chunk failed to load');
}

const at = (pathname: string, child: React.ReactNode) => (
  <MantineProvider>
    <ScreenErrorBoundary pathname={pathname}>{child}</ScreenErrorBoundary>
  </MantineProvider>
);

describe('ScreenErrorBoundary', () => {
  it('shows the error screen for a page that throws, and the next page once the path changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = render(at('/Employee', <Broken />));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('chunk failed to load')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();

    // Same path, another render: still the error screen.
    view.rerender(at('/Employee', <p>Employees</p>));
    expect(screen.queryByText('Employees')).toBeNull();

    view.rerender(at('/Departments', <p>Departments</p>));
    expect(screen.getByText('Departments')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });
});
