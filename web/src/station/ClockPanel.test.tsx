import { MantineProvider } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_SAVED } from './clock-controller';
import { ClockPanel, STATION_IDLE_RESET_MS } from './ClockPanel';

// The panel's own behaviour on a shared station; the calls it makes are faked (the journeys in web/e2e run the
// real server and station).
const calls = vi.hoisted(() => ({
  check: [] as unknown[],
  punch: [] as unknown[],
  wrongPin: false,
  offline: false,
}));
vi.mock('./clock-controller', async (original) => {
  const real = await original<typeof import('./clock-controller')>();
  const { StationApiError } = await import('./station-api');
  return {
    ...real,
    checkEmployee: async (id: { employee_id?: string; pin?: string }) => {
      calls.check.push(id);
      if (id.employee_id === 'GONE')
        throw new StationApiError(403, messages.clock.notAllowed, 'clock.not_allowed');
      if (id.employee_id === 'OLDBADGE')
        throw new StationApiError(404, messages.clock.badgeInvalid, 'clock.badge_invalid');
      return {
        employee: { employee_id: id.employee_id, name: 'Ann Lee' },
        clockedIn: false,
        clockInTime: null,
        needsPin: !id.pin,
        offline: false,
      };
    },
    punch: async (kind: string, id: { pin?: string }) => {
      calls.punch.push({ kind, ...id });
      if (calls.wrongPin && id.pin !== '1234')
        throw new StationApiError(401, messages.clock.pinWrong, 'clock.pin_wrong');
      const clockInTime = new Date().toISOString();
      if (calls.offline) return { message: real.OFFLINE_SAVED, offline: true, clockInTime };
      return { message: messages.clock.clockedIn, offline: false, clockInTime };
    },
  };
});

const pinButton = (d: string) => screen.getByRole('button', { name: `PIN digit ${d}` });
const clockIn = () => screen.getByRole('button', { name: 'Clock In' }) as HTMLButtonElement;
const clockOut = () => screen.getByRole('button', { name: 'Clock Out' }) as HTMLButtonElement;

async function enter(code: string, pin: string) {
  const field = screen.getByLabelText('Employee ID');
  fireEvent.change(field, { target: { value: code } });
  fireEvent.keyDown(field, { key: 'Enter' });
  await screen.findByRole('button', { name: 'PIN digit 1' });
  for (const d of pin) fireEvent.click(pinButton(d));
}

describe('station clock panel', () => {
  beforeEach(() => {
    calls.check.length = 0;
    calls.punch.length = 0;
    calls.wrongPin = false;
    calls.offline = false;
    render(
      <MantineProvider>
        <ClockPanel settings={null} />
      </MantineProvider>,
    );
  });
  afterEach(() => vi.useRealTimers());

  it('forgets the employee and PIN after a punch: the next person cannot punch them', async () => {
    await enter('E2', '1234');
    fireEvent.click(clockIn());
    await screen.findByText(messages.clock.clockedIn);
    // The result stays on screen, but nothing of Ann's identity is left to punch with.
    expect(screen.getByText('Ann Lee')).toBeTruthy();
    expect((screen.getByLabelText('Employee ID') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'PIN digit 1' })).toBeNull();
    expect(clockIn().disabled).toBe(true);
    expect(clockOut().disabled).toBe(true);
    expect(calls.punch).toEqual([{ kind: 'in', employee_id: 'E2', pin: '1234' }]);
  });

  it('empties the PIN pad after a refused PIN, so the right PIN is not sent with the wrong digits', async () => {
    calls.wrongPin = true;
    await enter('E2', '9999');
    fireEvent.click(clockIn());
    await screen.findByText(messages.clock.pinWrong);
    expect(clockIn().disabled).toBe(true);
    for (const d of '1234') fireEvent.click(pinButton(d));
    fireEvent.click(clockIn());
    await screen.findByText(messages.clock.clockedIn);
    expect(calls.punch).toEqual([
      { kind: 'in', employee_id: 'E2', pin: '9999' },
      { kind: 'in', employee_id: 'E2', pin: '1234' },
    ]);
  });

  it('takes the PIN from a keyboard once the pad is up, without touching the Employee ID', async () => {
    await enter('E2', '');
    // The pad has the focus after Enter on the Employee ID: keys land there.
    for (const key of ['1', '2', '9', 'Backspace', '3', '4'])
      fireEvent.keyDown(document.activeElement!, { key });
    expect((screen.getByLabelText('Employee ID') as HTMLInputElement).value).toBe('E2');
    fireEvent.click(clockIn());
    await screen.findByText(messages.clock.clockedIn);
    expect(calls.punch).toEqual([{ kind: 'in', employee_id: 'E2', pin: '1234' }]);
  });

  it('offers no punch for someone the server refused, and says why (an old badge is not an unknown ID)', async () => {
    const field = screen.getByLabelText('Employee ID');
    fireEvent.change(field, { target: { value: 'GONE' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await screen.findByText(messages.clock.notAllowed);
    expect(clockIn().disabled).toBe(true);
    expect(clockOut().disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'OLDBADGE' } });
    expect(clockIn().disabled).toBe(false);
    fireEvent.keyDown(field, { key: 'Enter' });
    await screen.findByText(messages.clock.badgeInvalid);
    expect(clockIn().disabled).toBe(true);
  });

  it('clears an ID left on the screen once the station has been idle', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await enter('E2', '12');
    expect(screen.getByText('Ann Lee')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(STATION_IDLE_RESET_MS + 10);
    });
    expect(screen.queryByText('Ann Lee')).toBeNull();
    expect((screen.getByLabelText('Employee ID') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'PIN digit 1' })).toBeNull();
  });
});

describe('station clock panel, offline', () => {
  it('drops the "no connection" notice once the station is online with its queue sent, keeping the card', async () => {
    calls.offline = true;
    const panel = (synced: boolean) => (
      <MantineProvider>
        <ClockPanel settings={null} synced={synced} />
      </MantineProvider>
    );
    // Online with nothing waiting (as before the punch), then the punch waits in the queue.
    const { rerender } = render(panel(true));
    await enter('E2', '1234');
    fireEvent.click(clockIn());
    await screen.findByText(OFFLINE_SAVED);
    rerender(panel(false));
    expect(screen.getByText(OFFLINE_SAVED)).toBeTruthy();
    // The punch synced: the notice is no longer true, long before the idle reset.
    rerender(panel(true));
    expect(screen.queryByText(OFFLINE_SAVED)).toBeNull();
    expect(screen.getByText('Ann Lee')).toBeTruthy();
  });
});
