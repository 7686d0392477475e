import { messages } from '@punchclock/contract';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { identifyOnPanel, panelButton } from '../test/clock-panel';

// Start Break / End Break on the station's panel (docs/RULES.md#breaks-at-the-clock); the calls are faked
// (web/e2e/breaks.e2e.ts runs the real server and station).
const calls = vi.hoisted(() => ({
  punch: [] as string[],
  clockedIn: true,
  breakStart: null as string | null,
}));
vi.mock('./clock-controller', async (original) =>
  (await import('../test/clock-controller-fake')).fakeClockController(await original(), {
    state: () => ({
      clockedIn: calls.clockedIn,
      clockInTime: calls.clockedIn ? new Date(Date.now() - 3_600_000).toISOString() : null,
      breakStartTime: calls.breakStart,
      offline: false,
    }),
    punch: async (kind) => {
      calls.punch.push(kind);
      const at = new Date(Date.now() - 1000).toISOString();
      if (kind === 'break_start')
        return { message: messages.clock.breakStarted, offline: false, at, breakStartTime: at };
      return { message: messages.clock.breakEnded, offline: false, at };
    },
  }),
);

const button = panelButton;
const identify = identifyOnPanel;

beforeEach(() => {
  calls.punch.length = 0;
  calls.clockedIn = true;
  calls.breakStart = null;
});

describe('breaks on the station panel', () => {
  it('offers Start Break to someone clocked in, and confirms the break', async () => {
    await identify();
    expect(button('End Break')).toBeNull();
    fireEvent.click(button('Start Break')!);
    expect(await screen.findByText(messages.clock.breakStarted)).toBeTruthy();
    expect(calls.punch).toEqual(['break_start']);
    expect(screen.getByTestId('punch-time').textContent).toMatch(/^Break started at \d\d:\d\d:\d\d$/);
    // The elapsed break shows until the screen clears.
    expect(screen.getByTestId('break-timer').textContent).toMatch(/^On break since .+: 0 min \d+ sec$/);
  });

  it('shows the elapsed break of someone on a break, and ends it', async () => {
    calls.breakStart = new Date(Date.now() - 125_000).toISOString();
    await identify();
    expect(screen.getByText('On break')).toBeTruthy();
    expect(screen.getByTestId('break-timer').textContent).toMatch(/: 2 min \d+ sec$/);
    expect(button('Start Break')).toBeNull();
    expect(button('Clock Out')).toBeTruthy();
    fireEvent.click(button('End Break')!);
    expect(await screen.findByText(messages.clock.breakEnded)).toBeTruthy();
    expect(calls.punch).toEqual(['break_end']);
    expect(screen.queryByTestId('break-timer')).toBeNull();
  });

  it('offers no break to someone not clocked in', async () => {
    calls.clockedIn = false;
    await identify();
    expect(button('Clock In')).toBeTruthy();
    expect(button('Start Break')).toBeNull();
    expect(button('End Break')).toBeNull();
  });
});
