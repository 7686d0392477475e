import { MantineProvider } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SelfClock } from './SelfClock';

// Start Break / End Break on the employee's own clock (docs/RULES.md#breaks-at-the-clock); the API calls are faked
// (web/e2e/breaks.e2e.ts runs them against the server).
const api = vi.hoisted(() => ({
  breakStart: null as string | null,
  clockedIn: true,
  breaks: [] as { kind: string; body: Record<string, unknown> }[],
}));
vi.mock('../../api/auth', () => ({
  useCurrentUser: () => ({
    data: { permissions: { permission_site: 1, punch_in_out: 1 }, clock_settings: null },
  }),
}));
vi.mock('../punches/punch-values', () => ({ ownEmployeeCode: () => 'E7' }));
vi.mock('../../components/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../../api/self-service', () => ({
  checkOwnEmployee: async () => ({
    message: messages.clock.employeeChecked,
    employee: { id: 7, employee_id: 'E7', name: 'Ann Lee', department_name: null },
    clocked_in: api.clockedIn,
    clock_in_time: api.clockedIn ? new Date(Date.now() - 3_600_000).toISOString() : null,
    break_start_time: api.breakStart,
    needs_pin: false,
  }),
  clockOwn: vi.fn(),
  breakOwn: async (kind: string, body: Record<string, unknown>) => {
    api.breaks.push({ kind, body });
    api.breakStart = kind === 'start' ? new Date().toISOString() : null;
    return {
      message: kind === 'start' ? messages.clock.breakStarted : messages.clock.breakEnded,
      break: { employee_id: 'E7', started_at: new Date().toISOString(), ended_at: null, punch_id: null },
    };
  },
}));

function renderClock() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <SelfClock />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  api.breakStart = null;
  api.clockedIn = true;
  api.breaks.length = 0;
});

describe('the employee’s own clock', () => {
  it('starts a break once clocked in, shows the time on break, and ends it', async () => {
    renderClock();
    fireEvent.click(await screen.findByRole('button', { name: 'Start Break' }, { timeout: 5000 }));
    const onBreak = await screen.findByTestId('self-break');
    expect(onBreak.textContent).toMatch(/^On break: 0 min \d+ sec$/);
    expect(api.breaks[0]).toMatchObject({ kind: 'start', body: { employee_id: 'E7' } });
    expect(api.breaks[0].body.client_id).toEqual(expect.any(String));
    fireEvent.click(await screen.findByRole('button', { name: 'End Break' }));
    await screen.findByRole('button', { name: 'Start Break' });
    expect(screen.queryByTestId('self-break')).toBeNull();
    expect(api.breaks.map((b) => b.kind)).toEqual(['start', 'end']);
  });

  it('offers no break before clocking in', async () => {
    api.clockedIn = false;
    renderClock();
    await screen.findByRole('button', { name: 'Clock In' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Start Break' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'End Break' })).toBeNull();
  });
});
