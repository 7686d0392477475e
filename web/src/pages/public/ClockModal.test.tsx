import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import ClockModal from './ClockModal';

describe('Clock In and Out dialog', () => {
  it('on a browser that is not a station, says so once and how to pair it', async () => {
    localStorage.clear();
    render(
      <MantineProvider>
        <MemoryRouter>
          <ClockModal opened onClose={() => {}} />
        </MemoryRouter>
      </MantineProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Clock In and Out' });
    expect(dialog.textContent?.match(/not a time station yet/g)).toHaveLength(1);
    expect(dialog.textContent).toContain('Settings → Devices');
    expect(screen.getByRole('link', { name: 'Pair with a code' }).getAttribute('href')).toBe('/Station');
  });
});
