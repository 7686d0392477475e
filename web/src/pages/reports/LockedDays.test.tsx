import { render, screen, within } from '@testing-library/react';
import { messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../Providers';
import { reportAnswer } from '../../test/fixtures';
import { ResultsTable } from './ResultsTable';

const answer = reportAnswer(
  'Timesheet',
  [
    ['date', 'Date', 'date'],
    ['name', 'Name', 'text'],
  ],
  [
    { date: '2026-11-10', name: 'Cora' },
    { date: '2026-11-17', name: 'Cora' },
  ],
);

/** A report's days in an approved pay period carry the lock with its why (docs/RULES.md#pay-periods); others not. */
describe('locked days in a report', () => {
  it('marks the date cells of locked days only', () => {
    const formats = {
      date: (d: string) => d,
      when: (w: string) => w,
      locked: (d: string) => d <= '2026-11-15',
    };
    render(
      <Providers>
        <ResultsTable answer={answer} formats={formats} dimmed={false} />
      </Providers>,
    );
    const [, first, second] = within(screen.getByTestId('report-results')).getAllByRole('row');
    expect(within(first).getByRole('img', { name: messages.punches.lockedHint })).toBeTruthy();
    expect(within(second).queryByTestId('locked-mark')).toBeNull();
  });
});
