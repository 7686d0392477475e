import 'fake-indexeddb/auto';
import { messages } from '@punchclock/contract';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { identifyOnPanel, panelButton } from '../test/clock-panel';
import { sendForgottenAnswers } from './forgotten-queue';

// The station's question about a forgotten clock-out (docs/RULES.md#forgotten-clock-outs); the calls are faked
// (server/test/forgotten-clock-outs.test.ts runs the server's side).
const calls = vi.hoisted(() => ({
  sent: [] as { path: string; body: Record<string, unknown> }[],
  punch: [] as string[],
  ask: true,
  offline: false,
  online: true,
}));
vi.mock('./clock-controller', async (original) =>
  (await import('../test/clock-controller-fake')).fakeClockController(await original(), {
    state: () => ({
      clockedIn: true,
      clockInTime: calls.offline
        ? new Date(Date.now() - 20 * 3_600_000).toISOString()
        : '2026-11-24T08:00:00.000Z',
      breakStartTime: null,
      offline: calls.offline,
    }),
    punch: async (kind) => {
      calls.punch.push(kind);
      return { message: messages.clock.clockedIn, offline: false, at: new Date().toISOString() };
    },
  }),
);
vi.mock('./station-api', async (original) => {
  const real = await original<typeof import('./station-api')>();
  return {
    ...real,
    stationCall: async (path: string, body: Record<string, unknown>) => {
      if (!calls.online) throw new real.StationApiError(0, 'offline');
      calls.sent.push({ path, body });
      if (path === '/api/forgotten-clock-outs/question')
        return {
          question: calls.ask
            ? {
                shift_id: 41,
                time_in: '2026-11-24T08:00:00.000Z',
                date: '2026-11-24',
                weekday: 'Tuesday',
                text: messages.forgotten.question('Tuesday'),
                latest: '2026-11-25T08:00:00.000Z',
              }
            : null,
        };
      return { message: messages.forgotten.answered, left_at: '2026-11-24T17:00:00.000Z' };
    },
  };
});

const button = panelButton;
const identify = identifyOnPanel;

beforeEach(() => {
  calls.sent.length = 0;
  calls.punch.length = 0;
  calls.ask = true;
  calls.offline = false;
  calls.online = true;
});

describe('a forgotten clock-out at the station', () => {
  it('asks when they left, sends the time, then offers Clock In', async () => {
    await identify();
    expect(await screen.findByText('You did not clock out on Tuesday. When did you leave?')).toBeTruthy();
    // No punch is offered while the question is open.
    expect(button('Clock Out')).toBeNull();
    expect(button(messages.forgotten.send)!.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(messages.forgotten.leftAt), { target: { value: '17:00' } });
    fireEvent.click(button(messages.forgotten.send)!);
    expect(await screen.findByText(messages.forgotten.answered)).toBeTruthy();
    expect(calls.sent.at(-1)).toEqual({
      path: '/api/forgotten-clock-outs/answer',
      body: { employee_id: 'E7', shift_id: 41, time: '17:00' },
    });
    fireEvent.click(button('Clock In')!);
    expect(await screen.findByText(messages.clock.clockedIn)).toBeTruthy();
    expect(calls.punch).toEqual(['in']);
  });

  it('lets the employee skip the question (time null)', async () => {
    await identify();
    await screen.findByText('You did not clock out on Tuesday. When did you leave?');
    fireEvent.click(button(messages.forgotten.skip)!);
    await screen.findByRole('button', { name: 'Clock In' });
    expect(calls.sent.at(-1)?.body).toMatchObject({ shift_id: 41, time: null });
  });

  it('asks nothing when the open shift is not a forgotten one', async () => {
    calls.ask = false;
    await identify();
    expect(await screen.findByRole('button', { name: 'Clock Out' })).toBeTruthy();
    expect(screen.queryByTestId('forgotten-question')).toBeNull();
  });

  it('offline, the station asks about a shift open past the default limit and queues the answer until online', async () => {
    calls.offline = true;
    calls.online = false;
    await identify('E9');
    const weekday = new Date(Date.now() - 20 * 3_600_000).toLocaleDateString('en-US', {
      weekday: 'long',
      timeZone: 'UTC',
    });
    await screen.findByText(messages.forgotten.question(weekday));
    fireEvent.change(screen.getByLabelText(messages.forgotten.leftAt), { target: { value: '16:30' } });
    fireEvent.click(button(messages.forgotten.send)!);
    expect(await screen.findByText(messages.forgotten.savedOffline)).toBeTruthy();
    expect(button('Clock In')).toBeTruthy();
    expect(calls.sent).toEqual([]);
    // Still offline: kept. Back online: sent (no shift id: the server takes the employee's forgotten one), once.
    expect(await sendForgottenAnswers()).toBe(false);
    calls.online = true;
    expect(await sendForgottenAnswers()).toBe(true);
    expect(calls.sent).toEqual([
      { path: '/api/forgotten-clock-outs/answer', body: { employee_id: 'E9', time: '16:30' } },
    ]);
    await sendForgottenAnswers();
    expect(calls.sent).toHaveLength(1);
  });
});
