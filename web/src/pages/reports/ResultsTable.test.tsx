import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GetDataAnswer } from '../../api/reports';
import { Providers } from '../../Providers';
import { ResultsTable } from './ResultsTable';

const answer = (last_page: number): GetDataAnswer =>
  ({
    report: 'Daily Summary',
    title: 'Daily Summary',
    columns: [{ key: 'name', label: 'Name', kind: 'text' }],
    data: [{ name: 'Zed' }, { name: 'Amy' }],
    totals: null,
    page: 1,
    last_page,
    total: last_page * 2,
  }) as unknown as GetDataAnswer;

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
