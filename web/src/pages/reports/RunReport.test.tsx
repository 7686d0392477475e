import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountSettings, reportAnswer } from '../../test/fixtures';
import { fakeApiByPath, logInAs, renderPage } from '../../test/render';
import { presetPeriod, todayIn, weekStartIndex } from './periods';
import RunReport from './RunReport';

const settings = accountSettings({ week_start: 'Sunday' });

describe('Run Report', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("opened afresh, sets This week on the account's calendar once its settings arrive", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 02:40 UTC on Thursday the 26th is still Wednesday the 25th in New York; the account's weeks start on
    // Sunday: this week is Sunday the 22nd to Saturday the 28th, whatever the browser's zone.
    vi.setSystemTime(new Date('2026-11-26T02:40:00Z'));
    logInAs('user');
    fakeApiByPath({ '/settings': [settings] }, []);
    renderPage('/RunReport', <RunReport />, '/RunReport?report=Daily+Summary');
    const start = (await screen.findByLabelText(/Start Date/)) as HTMLInputElement;
    const end = screen.getByLabelText(/End Date/) as HTMLInputElement;
    await waitFor(() => expect(start.value).toBe('2026-11-22'));
    expect(end.value).toBe('2026-11-28');
    expect(screen.getByRole('button', { name: 'This week' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('offers deleted employees too, marked and after the current ones (a leaver still reports)', async () => {
    logInAs('user');
    const person = (id: number, name: string, deleted_at: string | null) => ({
      id,
      name,
      employee_id: `E${id}`,
      deleted_at,
    });
    fakeApiByPath(
      {
        '/settings': [settings],
        '/api/search': {
          employees: [person(2, 'Ann Left', '2026-02-01T00:00:00.000Z'), person(1, 'Bob Here', null)],
          next_cursor: null,
          prev_cursor: null,
        },
      },
      [],
    );
    renderPage('/RunReport', <RunReport />, '/RunReport?report=Employee+Details');
    fireEvent.click(await screen.findByRole('combobox', { name: /^Employee/ }));
    // The dropdown's open transition keeps it hidden to jsdom's eyes: its options are read regardless.
    await waitFor(() =>
      expect(
        within(screen.getByRole('listbox', { name: /^Employee/, hidden: true }))
          .getAllByRole('option', { hidden: true })
          .map((o) => o.textContent),
      ).toEqual(['Bob Here (E1)', 'Ann Left (E2) (deleted)']),
    );
  });

  it('holds the exports back once the parameters change after a run, until it is run again', async () => {
    logInAs('user');
    const answer = reportAnswer('Daily Summary', [['name', 'Name', 'text']], [{ name: 'Dana' }]);
    fakeApiByPath({ '/settings': [settings], '/getdata': answer }, []);
    renderPage('/RunReport', <RunReport />, '/RunReport?report=Daily+Summary');
    const csv = () => screen.getByRole('button', { name: 'CSV' }) as HTMLButtonElement;
    // Run once the account's settings are in (they move the preset week onto the account's calendar).
    const week = presetPeriod('this_week', todayIn(settings.time_zone), weekStartIndex(settings))!;
    const start = (await screen.findByLabelText(/Start Date/)) as HTMLInputElement;
    await waitFor(() => expect(start.value).toBe(week.start_date));
    expect(csv().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByText('Dana');
    await waitFor(() => expect(csv().disabled).toBe(false));
    expect(screen.queryByText(/parameters have changed/)).toBeNull();

    fireEvent.change(screen.getByLabelText(/Start Date/), { target: { value: '2026-01-01' } });
    expect(csv().disabled).toBe(true);
    expect(csv().title).toMatch(/run the report again/);
    expect(screen.getByText(/parameters have changed since this run/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(csv().disabled).toBe(false));
    expect(screen.queryByText(/parameters have changed/)).toBeNull();
  });

  it('keeps a run in the address: opened with one (a reload, Back), it sets it up and runs it again', async () => {
    logInAs('user');
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path === '/getdata') bodies.push(JSON.parse(String(init.body)));
      const body =
        path === '/settings' ? [settings] : path === '/getdata' ? reportAnswer('Daily Summary', [], []) : [];
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    const router = renderPage(
      '/RunReport',
      <RunReport />,
      '/RunReport?report=Daily+Summary&start_date=2026-03-01&end_date=2026-03-07',
    );
    await waitFor(() =>
      expect(bodies[0]).toMatchObject({ reportname: 'Daily Summary', start_date: '2026-03-01' }),
    );
    expect(((await screen.findByLabelText(/Start Date/)) as HTMLInputElement).value).toBe('2026-03-01');
    expect((screen.getByLabelText(/End Date/) as HTMLInputElement).value).toBe('2026-03-07');
    // A new run goes into the address.
    fireEvent.change(screen.getByLabelText(/End Date/), { target: { value: '2026-03-14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(router.state.location.search).toContain('end_date=2026-03-14'));
    expect(router.state.location.search).toContain('report=Daily+Summary');
  });
});
