import { messages, NO_SCHEDULE } from '@punchclock/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logInAs, renderPage } from '../../test/render';
import { ScheduleCard } from './ScheduleCard';

/** GET answers the department's week; each PUT is recorded and answered as saved. */
function fakeSchedulesApi() {
  const puts: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const answer =
      init.method === 'PUT'
        ? (puts.push(JSON.parse(String(init.body))), { message: 'Schedule of Warehouse saved.', days: null })
        : {
            departments: [
              { department_id: 5, days: { ...NO_SCHEDULE, Monday: { start: '09:00', end: '17:00' } } },
            ],
            employees: [],
          };
    expect(new URL(url, 'http://localhost').pathname).toBe('/api/schedules');
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return puts;
}

describe('ScheduleCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the department's week, refuses an end before the start by the field, and saves a good week", async () => {
    logInAs('user');
    const puts = fakeSchedulesApi();
    const user = userEvent.setup();
    renderPage('/Departments/5', <ScheduleCard departmentId={5} />);

    const mondayStart = (await screen.findByLabelText(
      'Monday start',
      {},
      { timeout: 15_000 },
    )) as HTMLInputElement;
    expect(mondayStart.value).toBe('09:00');
    expect((screen.getByLabelText('Tuesday off') as HTMLInputElement).checked).toBe(true);

    // Tuesday on (it starts as a 09:00–17:00 day), then an end before its start.
    await user.click(screen.getByLabelText('Tuesday off'));
    expect((screen.getByLabelText('Tuesday start') as HTMLInputElement).value).toBe('09:00');
    fireEvent.change(screen.getByLabelText('Tuesday end'), { target: { value: '08:00' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.schedules.endAfterStart('Tuesday'))).toBeTruthy();
    expect(puts).toEqual([]);

    fireEvent.change(screen.getByLabelText('Tuesday end'), { target: { value: '13:30' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      department_id: 5,
      days: {
        ...NO_SCHEDULE,
        Monday: { start: '09:00', end: '17:00' },
        Tuesday: { start: '09:00', end: '13:30' },
      },
    });
    expect(await screen.findByText('Schedule of Warehouse saved.')).toBeTruthy();
  });
});
