import { STORAGE_KEYS } from '@punchclock/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInUser } from '../../test/fixtures';
import { fakeApiByPath, logInAs, renderPage } from '../../test/render';
import ManualUserPunch from './ManualUserPunch';

// jsdom has no document.fonts, which Mantine's autosized Notes listens to.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => undefined, removeEventListener: () => undefined },
});

describe("An employee's Manual Punch", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  const open = (permissions: Record<string, boolean>) => {
    logInAs('employee');
    localStorage.setItem(STORAGE_KEYS.empId, '3');
    fakeApiByPath({ '/api/get-user': { user: signedInUser({ permissions }) } });
    renderPage('/ManualUserPunch', <ManualUserPunch />);
  };

  it('says up front that the account cannot create time entries, with no form to fill in for nothing', async () => {
    open({ create_time_entries: false });
    expect(await screen.findByText(/You are not allowed to create time entries/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('shows the form when Create Time Entries is allowed', async () => {
    open({ create_time_entries: true });
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(screen.queryByText(/not allowed/)).toBeNull();
  });
});
