import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Clamped } from './Clamped';

// jsdom lays nothing out: the content's measured height is what each test says.
const measured = vi.hoisted(() => ({ height: 0 }));
vi.mock('@mantine/hooks', async (original) => ({
  ...(await original<typeof import('@mantine/hooks')>()),
  useElementSize: () => ({ ref: () => undefined, height: measured.height, width: 300 }),
}));

const clamped = () =>
  render(
    <MantineProvider>
      <Clamped maxHeight={66}>
        <p>Punch: Kim, 11/23/26 9:00 AM</p>
      </Clamped>
    </MantineProvider>,
  );

describe('Clamped', () => {
  it('cuts longer content to its height, and Show all / Show less open and close it', async () => {
    measured.height = 120;
    clamped();
    const box = screen.getByText(/^Punch: Kim/).parentElement!.parentElement!;
    expect(box.style.maxHeight).toBe('calc(4.125rem * var(--mantine-scale))');
    const more = screen.getByRole('button', { name: 'Show all' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(more.getAttribute('aria-controls')).toBe(box.id);
    await userEvent.click(more);
    const less = screen.getByRole('button', { name: 'Show less' });
    expect(less.getAttribute('aria-expanded')).toBe('true');
    expect(box.style.maxHeight).toBe('');
    await userEvent.click(less);
    expect(screen.getByRole('button', { name: 'Show all' })).toBeTruthy();
    // No landmark for the cut content (Mantine's Spoiler made each one a region).
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('has no button when the content fits', () => {
    measured.height = 60;
    clamped();
    expect(screen.getByText(/^Punch: Kim/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
