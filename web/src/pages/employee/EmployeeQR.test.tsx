import { screen } from '@testing-library/react';
import { STORAGE_KEYS } from '@punchclock/contract';
import { describe, expect, it, vi } from 'vitest';
import { signedInUser } from '../../test/fixtures';
import { fakeApiByPath, logInAs, renderAt } from '../../test/render';

const SVG = btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><rect width="7" height="7"/></svg>',
);

/** An employee signed in whose record is number 12. */
function employeeSignedIn() {
  logInAs('employee');
  localStorage.setItem(STORAGE_KEYS.empId, '12');
}

describe('the QR page', () => {
  it("shows the card's QR, ID and name as it opens, with Download and no Generate button", async () => {
    employeeSignedIn();
    fakeApiByPath({
      '/api/get-user': { user: signedInUser() },
      '/api/employee/12/generate-qr': {
        message: 'QR code generated successfully!',
        qr_code: SVG,
        employee_id: 'E-12',
        name: 'Ava Garcia',
      },
    });
    renderAt('/EmployeeQR');
    const qr = await screen.findByTestId('badge-qr', {}, { timeout: 15_000 });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;base64,${SVG}`);
    expect(screen.getByTestId('badge-employee-id').textContent).toBe('E-12');
    expect(screen.getByTestId('badge-name').textContent).toBe('Ava Garcia');
    screen.getByRole('button', { name: 'Download' });
    expect(screen.queryByRole('button', { name: 'Generate QR Code' })).toBeNull();
  });

  it('says why when the code cannot be read, and offers to try again', async () => {
    employeeSignedIn();
    vi.stubGlobal('fetch', async (url: string) => {
      const path = new URL(url, 'http://localhost').pathname;
      const [status, body] =
        path === '/api/get-user'
          ? [200, { user: signedInUser() }]
          : [404, { message: 'Employee not found.' }];
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    });
    renderAt('/EmployeeQR');
    expect((await screen.findByRole('alert', {}, { timeout: 15_000 })).textContent).toBe(
      'Employee not found.',
    );
    screen.getByRole('button', { name: 'Try again' });
    expect(screen.queryByTestId('badge-qr')).toBeNull();
  });
});
