import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../Providers';
import { dayIn, signedInUser, zoneOnAnotherDay } from '../../test/fixtures';
import { fakeFetch, logInAs } from '../../test/render';
import { PunchForm } from './PunchForm';
import { emptyPunch, punchBody, type PunchValues } from './punch-values';

// jsdom has no document.fonts, which Mantine's autosized Notes listens to.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => undefined, removeEventListener: () => undefined },
});

/**
 * The form as a page holds it: busy while its call runs, the pending state arriving a moment after the submit
 * (as a mutation's does), until the test says the call is done.
 */
function Page({ onSubmit, onAttempt }: { onSubmit: (v: PunchValues) => void; onAttempt?: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Providers>
      <PunchForm
        busy={busy}
        onAttempt={onAttempt}
        onSubmit={(v) => {
          onSubmit(v);
          setTimeout(() => setBusy(true), 0);
        }}
      />
      <button type="button" onClick={() => setBusy(false)}>
        call done
      </button>
    </Providers>
  );
}

describe('PunchForm', () => {
  it('submits once for a double click, and again once the call is done', async () => {
    const onSubmit = vi.fn();
    // The page's onAttempt resets its mutation: a second one for the ignored click dropped the first save's
    // success message.
    const onAttempt = vi.fn();
    render(<Page onSubmit={onSubmit} onAttempt={onAttempt} />);
    fireEvent.change(screen.getByLabelText(/Time In/), { target: { value: '08:00' } });
    fireEvent.change(screen.getByLabelText(/Time Out/), { target: { value: '16:00' } });
    const submit = screen.getByRole('button', { name: 'Submit' });
    // Two clicks before React renders the busy button (as a fast double click).
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onAttempt).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ time_in: '08:00', time_out: '16:00' });
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'call done' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('takes a night shift with "Ends the next day", and says how when an out before the in is typed', async () => {
    const onSubmit = vi.fn();
    render(<Page onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText(/Time In/), { target: { value: '22:00' } });
    fireEvent.change(screen.getByLabelText(/Time Out/), { target: { value: '06:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/Time Out must be after Time In\. For a night shift/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText(/Ends the next day/));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      time_in: '22:00',
      time_out: '06:00',
      out_next_day: true,
    });
  });

  it('keeps an open shift open when its Time Out is left empty, and asks for one anywhere else', async () => {
    const onSubmit = vi.fn();
    const initial = { ...emptyPunch('2026-11-20'), time_in: '08:00' };
    const { unmount } = render(
      <Providers>
        <PunchForm open initial={initial} busy={false} onSubmit={onSubmit} />
      </Providers>,
    );
    fireEvent.change(screen.getByLabelText(/Time In/), { target: { value: '07:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(punchBody(4, onSubmit.mock.calls[0][0])).toMatchObject({ time_in: '07:30', time_out: null });
    unmount();
    render(<Page onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText(/Time In/), { target: { value: '07:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Time Out is required.')).toBeTruthy();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal until the next attempt, so it never sits beside a new error", async () => {
    function Refused() {
      const [error, setError] = useState<string | null>('A punch cannot end in the future.');
      return (
        <Providers>
          <PunchForm busy={false} error={error} onAttempt={() => setError(null)} onSubmit={() => undefined} />
        </Providers>
      );
    }
    render(<Refused />);
    expect(screen.getByRole('alert').textContent).toBe('A punch cannot end in the future.');
    fireEvent.change(screen.getByLabelText(/Time In/), { target: { value: '10:00' } });
    fireEvent.change(screen.getByLabelText(/Time Out/), { target: { value: '09:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/Time Out must be after Time In/)).toBeTruthy();
    expect(screen.queryByText('A punch cannot end in the future.')).toBeNull();
  });

  it('refuses a next-day shift longer than 24 hours', async () => {
    const onSubmit = vi.fn();
    render(<Page onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText(/Time In/), { target: { value: '22:00' } });
    fireEvent.change(screen.getByLabelText(/Time Out/), { target: { value: '23:00' } });
    fireEvent.click(screen.getByLabelText(/Ends the next day/));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/cannot be longer than 24 hours/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("starts on, and caps the date at, the account's today, not the browser's", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T02:40:00Z'));
    // 02:40 UTC is still the 25th at UTC-11 and already the 26th at UTC+14: the account's zone is whichever of
    // the two does not share the browser's day.
    const zone = zoneOnAnotherDay();
    logInAs('employee');
    const { fetch } = fakeFetch({ body: { user: signedInUser({ time_zone: zone }) } });
    vi.stubGlobal('fetch', fetch);
    render(<Page onSubmit={() => undefined} />);
    const date = screen.getByLabelText('Date') as HTMLInputElement;
    await waitFor(() => expect(date.value).toBe(dayIn(zone)));
    expect(date.max).toBe(dayIn(zone));
  });
});
