import { MantineProvider } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_SAVED } from './clock-controller';
import { ClockPanel, CONFIRMATION_CLEAR_MS, STATION_IDLE_RESET_MS } from './ClockPanel';

// The panel's own steps on a shared station; the calls it makes are faked (the journeys in web/e2e run the real
// server and station, online and offline).
const calls = vi.hoisted(() => ({
  lookUp: [] as unknown[],
  pin: [] as unknown[],
  punch: [] as unknown[],
  offline: false,
  clockedIn: false,
}));
vi.mock('./clock-controller', async (original) => {
  const real = await original<typeof import('./clock-controller')>();
  const { StationApiError } = await import('./station-api');
  const ann = (id: { employee_id?: string }) => ({
    employee: { employee_id: id.employee_id ?? '', name: 'Ann Lee' },
    clockedIn: calls.clockedIn,
    clockInTime: calls.clockedIn ? new Date(Date.now() - 65_000).toISOString() : null,
    offline: calls.offline,
  });
  return {
    ...real,
    lookUp: async (id: { employee_id?: string }) => {
      calls.lookUp.push(id);
      if (id.employee_id === 'GONE')
        throw new StationApiError(403, messages.clock.notAllowed, 'clock.not_allowed');
      if (id.employee_id === 'NOPIN') return { step: 'ready', state: ann(id) };
      return { step: 'pin' };
    },
    confirmPin: async (id: { employee_id?: string; pin?: string }) => {
      calls.pin.push(id);
      if (id.pin !== '1234') throw new StationApiError(401, messages.clock.pinWrong, 'clock.pin_wrong');
      return ann(id);
    },
    punch: async (kind: string, id: { pin?: string }) => {
      calls.punch.push({ kind, ...id });
      const at = '2026-11-27T14:05:09.000Z';
      if (calls.offline) return { message: real.OFFLINE_SAVED, offline: true, at, clockInTime: at };
      return kind === 'in'
        ? { message: messages.clock.clockedIn, offline: false, at, clockInTime: at }
        : {
            message: messages.clock.clockedOut,
            offline: false,
            at,
            total: { hours: 0, minutes: 1, total_minutes: 1 },
          };
    },
  };
});

const settings: Parameters<typeof ClockPanel>[0]['settings'] = {
  enable_gps_tracking: false,
  require_location: false,
  enable_covid_screening: false,
  attendance_mode: 'Attendance and Time Tracking',
  time_zone: 'America/Los_Angeles',
  date_format: 'MM/DD/YY',
  time_format: '12 Hours (AM/PM)',
};
const pinButton = (d: string) => screen.getByRole('button', { name: `PIN digit ${d}` });
const button = (name: string) => screen.queryByRole('button', { name }) as HTMLButtonElement | null;

async function enterId(code: string) {
  const field = screen.getByLabelText('Employee ID');
  fireEvent.change(field, { target: { value: code } });
  fireEvent.keyDown(field, { key: 'Enter' });
}

async function enterPin(pin: string) {
  await screen.findByRole('button', { name: 'PIN digit 1' });
  for (const d of pin) fireEvent.click(pinButton(d));
  fireEvent.click(button('Continue')!);
}

function renderPanel(synced = false) {
  return render(
    <MantineProvider>
      <ClockPanel settings={settings} synced={synced} />
    </MantineProvider>,
  );
}

beforeEach(() => {
  calls.lookUp.length = 0;
  calls.pin.length = 0;
  calls.punch.length = 0;
  calls.offline = false;
  calls.clockedIn = false;
});
afterEach(() => vi.useRealTimers());

describe('station clock panel', () => {
  beforeEach(() => void renderPanel());

  it('asks the PIN as a step of its own, showing nothing of the employee before it is accepted', async () => {
    await enterId('E2');
    await screen.findByText('Enter your PIN');
    // No name, no status, no punch button and no red error before the PIN.
    expect(screen.queryByText('Ann Lee')).toBeNull();
    expect(screen.queryByText(/clocked in/i)).toBeNull();
    expect(button('Clock In')).toBeNull();
    expect(button('Clock Out')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    await enterPin('1234');
    await screen.findByText('Ann Lee');
    // The one action that fits: she is out, so Clock In (and no Clock Out to press by mistake).
    expect(button('Clock In')!.disabled).toBe(false);
    expect(button('Clock Out')).toBeNull();
    expect(calls.pin).toEqual([{ employee_id: 'E2', pin: '1234' }]);
  });

  it('offers Clock Out at once to someone clocked in', async () => {
    calls.clockedIn = true;
    await enterId('E2');
    await enterPin('1234');
    await screen.findByText('Ann Lee');
    expect(button('Clock In')).toBeNull();
    expect(button('Clock Out')!.disabled).toBe(false);
    expect(screen.getByText(/^In since /)).toBeTruthy();
  });

  it('keeps the PIN step after a wrong PIN, with an empty pad', async () => {
    await enterId('E2');
    await enterPin('9999');
    await screen.findByText(messages.clock.pinWrong);
    expect(screen.queryByText('Ann Lee')).toBeNull();
    expect(button('Continue')!.disabled).toBe(true);
    await enterPin('1234');
    await screen.findByText('Ann Lee');
    expect(calls.pin).toEqual([
      { employee_id: 'E2', pin: '9999' },
      { employee_id: 'E2', pin: '1234' },
    ]);
  });

  it('takes the PIN from a keyboard, Enter included, without touching the Employee ID', async () => {
    await enterId('E2');
    await screen.findByRole('button', { name: 'PIN digit 1' });
    for (const key of ['1', '2', '9', 'Backspace', '3', '4', 'Enter'])
      fireEvent.keyDown(document.activeElement!, { key });
    await screen.findByText('Ann Lee');
    expect((screen.getByLabelText('Employee ID') as HTMLInputElement).value).toBe('E2');
    expect(calls.pin).toEqual([{ employee_id: 'E2', pin: '1234' }]);
  });

  it("confirms with the punch's time, forgets who punched, and clears the screen a few seconds later", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await enterId('E2');
    await enterPin('1234');
    fireEvent.click(await screen.findByRole('button', { name: 'Clock In' }));
    await screen.findByText(messages.clock.clockedIn);
    // 14:05:09 UTC is 6:05:09 AM in Los Angeles, the account's zone.
    expect(screen.getByTestId('punch-time').textContent).toBe('Clocked in at 6:05:09 AM');
    expect(calls.punch).toEqual([{ kind: 'in', employee_id: 'E2', pin: '1234' }]);
    expect((screen.getByLabelText('Employee ID') as HTMLInputElement).value).toBe('');
    expect(button('Clock In')).toBeNull();
    expect(button('Clock Out')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(CONFIRMATION_CLEAR_MS + 10);
    });
    expect(screen.queryByText('Ann Lee')).toBeNull();
    expect(screen.queryByText(messages.clock.clockedIn)).toBeNull();
  });

  it('offers no punch for someone the server refused, and says why', async () => {
    await enterId('GONE');
    await screen.findByText(messages.clock.notAllowed);
    expect(button('Clock In')).toBeNull();
    expect(screen.queryByRole('button', { name: 'PIN digit 1' })).toBeNull();
  });

  it('goes straight to the employee when their ID asks no PIN', async () => {
    await enterId('NOPIN');
    await screen.findByText('Ann Lee');
    expect(calls.pin).toEqual([]);
    fireEvent.click(button('Clock In')!);
    await screen.findByText(messages.clock.clockedIn);
    expect(calls.punch).toEqual([{ kind: 'in', employee_id: 'NOPIN' }]);
  });

  it('clears an ID left on the screen once the station has been idle', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await enterId('E2');
    await screen.findByText('Enter your PIN');
    fireEvent.click(pinButton('1'));
    await act(async () => {
      vi.advanceTimersByTime(STATION_IDLE_RESET_MS + 10);
    });
    expect((screen.getByLabelText('Employee ID') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'PIN digit 1' })).toBeNull();
  });
});

describe('station clock panel, offline', () => {
  it('drops the "no connection" notice once the station is online with its queue sent, keeping the card', async () => {
    calls.offline = true;
    const panel = (synced: boolean) => (
      <MantineProvider>
        <ClockPanel settings={settings} synced={synced} />
      </MantineProvider>
    );
    const { rerender } = render(panel(true));
    await enterId('E2');
    await enterPin('1234');
    fireEvent.click(await screen.findByRole('button', { name: 'Clock In' }));
    await screen.findByText(OFFLINE_SAVED);
    rerender(panel(false));
    expect(screen.getByText(OFFLINE_SAVED)).toBeTruthy();
    rerender(panel(true));
    expect(screen.queryByText(OFFLINE_SAVED)).toBeNull();
    expect(screen.getByText('Ann Lee')).toBeTruthy();
  });
});
