import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountSettings } from '../../test/fixtures';
import { fakeApiByPath, logInAs, renderPage } from '../../test/render';
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
});
