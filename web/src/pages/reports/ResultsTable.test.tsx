import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../Providers';
import { reportAnswer } from '../../test/fixtures';
import { ResultsTable } from './ResultsTable';

const answer = (last_page: number) =>
  reportAnswer('Daily Summary', [['name', 'Name', 'text']], [{ name: 'Zed' }, { name: 'Amy' }], {
    last_page,
    total: last_page * 2,
  });

const names = () =>
  within(screen.getByTestId('report-results'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);
const formats = { date: (d: string) => d, when: (w: string) => w };

describe('ResultsTable', () => {
  it('sorts by a header when the whole result is on the page', () => {
    render(
      <Providers>
        <ResultsTable answer={answer(1)} formats={formats} dimmed={false} />
      </Providers>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(names()).toEqual(['Amy', 'Zed']);
  });

  it('offers no sorting when the result has more pages (it would order this page alone)', () => {
    render(
      <Providers>
        <ResultsTable answer={answer(3)} formats={formats} dimmed={false} />
      </Providers>,
    );
    expect(screen.queryByRole('button', { name: /Name/ })).toBeNull();
    expect(names()).toEqual(['Zed', 'Amy']);
  });
});

describe('ResultsTable totals', () => {
  const paged = reportAnswer(
    'Daily Summary',
    [
      ['date', 'Date', 'date'],
      ['name', 'Name', 'text'],
      ['worked', 'Worked Hours', 'hours'],
      ['earnings', 'Earnings', 'money'],
    ],
    [{ date: '2026-11-02', name: 'Zed', worked: 480, earnings: 12000 }],
    { totals: { date: 'Total', worked: 90_000, earnings: 2_250_075 }, last_page: 2, total: 187 },
  );

  it("shows the whole result's totals apart from the page's rows, labelled as such", () => {
    render(
      <Providers>
        <ResultsTable answer={paged} formats={formats} dimmed={false} />
      </Providers>,
    );
    const totals = screen.getByRole('group', { name: 'Totals for the whole period (187 rows)' });
    expect(within(totals).getByText('Worked Hours').nextSibling?.textContent).toBe('1500.00');
    expect(within(totals).getByText('Earnings').nextSibling?.textContent).toBe('$22,500.75');
    // Not a row of the paged table, where it read as page 1's subtotal.
    const table = screen.getByTestId('report-results');
    expect(table.contains(totals)).toBe(false);
    expect(within(table).queryByText('$22,500.75')).toBeNull();
    expect(names()).toEqual(['2026-11-02Zed8.00$120.00']);
  });

  it('shows no totals block when the server has none', () => {
    render(
      <Providers>
        <ResultsTable answer={answer(1)} formats={formats} dimmed={false} />
      </Providers>,
    );
    expect(screen.queryByRole('group', { name: /^Totals/ })).toBeNull();
  });
});
