import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApiByPath, logInAs, renderAt } from '../../test/render';

const department = {
  id: 5,
  user_id: 7,
  dp_name: 'Warehouse',
  dp_type: 'Department',
  exclude_from_reports: false,
  use_company_settings: true,
  assign_to_all_employees: false,
  employee_count: 0,
  created_at: '2026-11-26T09:51:37.000Z',
  updated_at: '2026-11-26T22:05:00.000Z',
};

describe('Department details', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows Created At and Updated At on the account's clock, in its Date and Time Format", async () => {
    logInAs('user');
    fakeApiByPath({
      '/api/departments/5': { data: department, members: [] },
      '/settings': [{ date_format: 'DD/MM/YY', time_format: '24 Hours', time_zone: 'Asia/Tokyo' }],
    });
    renderAt('/Departments/5');
    // 09:51 and 22:05 UTC are 18:51 on the 26th and 07:05 on the 27th in Tokyo.
    // The page loads lazily: on a loaded machine that takes longer than findBy's default second.
    expect(await screen.findByText('26/11/26 18:51', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('27/11/26 07:05')).toBeTruthy();
  });
});
