import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { employeeRecord } from '../../test/fixtures';
import { fakeApiByPath, logInAs, renderAt } from '../../test/render';

const employee = { ...employeeRecord, custom_fields: { '1': '2021-04-06', '2': '2021-04-06' } };
const field = (id: number, field_name: string, field_type: string) => ({
  id,
  user_id: 7,
  field_name,
  field_type,
  field_options: false,
  allow_duplicates: true,
  value_count: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

/** The page's calls; anything else answers an empty object. */
const stubApi = (dateFormat: string) =>
  fakeApiByPath({
    '/api/employees/4': { data: employee },
    '/api/fields': { data: [field(1, 'Hired On', 'date'), field(2, 'Locker Code', 'text')] },
    '/settings': [{ date_format: dateFormat, time_format: '24 Hours', time_zone: 'UTC' }],
    '/api/manual-punches/4': { data: [], next_cursor: null, prev_cursor: null },
  });

describe('EmployeeDetail', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows a date custom field in the account's Date Format, a text field as it is", async () => {
    logInAs('user');
    stubApi('DD/MM/YY');
    renderAt('/Employee/4');
    // The page loads lazily: on a loaded machine that has taken longer than findBy's default second.
    const details = await screen.findByTestId('employee-details', {}, { timeout: 15_000 });
    const row = async (label: string) => (await within(details).findByText(label)).closest('tr')!;
    expect(within(await row('Hired On')).getByText('06/04/21')).toBeTruthy();
    // The same characters in a text field are not a date.
    expect(within(await row('Locker Code')).getByText('2021-04-06')).toBeTruthy();
  });
});
