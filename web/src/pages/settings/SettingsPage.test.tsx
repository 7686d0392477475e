import { controlCharactersMessage } from '@punchclock/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../Providers';
import { accountSettings } from '../../test/fixtures';
import { fakeFetch, logInAs } from '../../test/render';
import SettingsPage from './SettingsPage';

const saved = accountSettings();

const show = () => {
  const router = createMemoryRouter([{ path: '/Settings', element: <SettingsPage /> }], {
    initialEntries: ['/Settings'],
  });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
};

const companyName = () => screen.getByRole('textbox', { name: 'Company Name' }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save Settings' }) as HTMLButtonElement;

describe('Settings form', () => {
  it('keeps every field and the save disabled until the saved settings arrive, then shows them', async () => {
    logInAs('user');
    // Every call waits until the test answers it: the settings with the row, anything else with nothing.
    const pending: { url: string; resolve: (r: Response) => void }[] = [];
    vi.stubGlobal(
      'fetch',
      (url: string) => new Promise<Response>((resolve) => pending.push({ url, resolve })),
    );
    show();
    // While loading, typing could not be kept (the form starts again from the saved values).
    expect(companyName().matches(':disabled')).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Time Zone' }).matches(':disabled')).toBe(true);
    expect(saveButton().disabled).toBe(true);
    await waitFor(() => expect(pending.map((c) => c.url)).toContain('/settings'));
    expect(companyName().matches(':disabled')).toBe(true);
    for (const c of pending)
      c.resolve(
        new Response(JSON.stringify(c.url === '/settings' ? [saved] : {}), {
          headers: { 'content-type': 'application/json' },
        }),
      );
    await waitFor(() => expect(companyName().value).toBe('Acme Tools'));
    expect(companyName().matches(':disabled')).toBe(false);
    expect(saveButton().disabled).toBe(false);
  });

  it('says the settings could not be loaded and offers no save of the defaults over them', async () => {
    logInAs('user');
    // A 4xx is not asked again, so the failure shows at once.
    const api = fakeFetch({ status: 403, body: { message: 'The settings are out of reach.' } });
    vi.stubGlobal('fetch', api.fetch);
    show();
    expect(await screen.findByText('The settings are out of reach.')).toBeTruthy();
    expect(companyName().matches(':disabled')).toBe(true);
    expect(saveButton().disabled).toBe(true);
    expect(api.calls).toHaveLength(1);
  });

  it('refuses a blank company name before saving', async () => {
    logInAs('user');
    const api = fakeFetch({ body: [saved] });
    vi.stubGlobal('fetch', api.fetch);
    show();
    await waitFor(() => expect(companyName().value).toBe('Acme Tools'));
    fireEvent.change(companyName(), { target: { value: '   ' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Company name is required.')).toBeTruthy();
    expect(api.calls.map((c) => c.url)).toEqual(['/settings']);
  });

  it("refuses a company name the server would refuse, in the server's words, before saving", async () => {
    logInAs('user');
    const api = fakeFetch({ body: [saved] });
    vi.stubGlobal('fetch', api.fetch);
    show();
    await waitFor(() => expect(companyName().value).toBe('Acme Tools'));
    fireEvent.change(companyName(), { target: { value: 'Acme\u0007Tools' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText(controlCharactersMessage('Company name'))).toBeTruthy();
    expect(companyName().getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.map((c) => c.url)).toEqual(['/settings']);
  });
});
