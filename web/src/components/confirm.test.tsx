import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ModalsHost } from '../layouts/ModalsHost';
import { Providers } from '../Providers';
import { openConfirm } from './confirm';

const show = (onConfirm: () => void) =>
  render(
    <Providers>
      <button
        type="button"
        onClick={() =>
          openConfirm({
            title: 'Delete Sales',
            children: 'It has no employees.',
            labels: { confirm: 'Delete', cancel: 'Cancel' },
            onConfirm,
          })
        }
      >
        Delete department
      </button>
      <ModalsHost />
    </Providers>,
  );

describe('openConfirm', () => {
  it('acts once for a double click on Confirm (the second reached the closing dialog and deleted again)', async () => {
    const onConfirm = vi.fn();
    show(onConfirm);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete department' }));
    await screen.findByRole('dialog', { name: 'Delete Sales' });
    const confirm = screen.getByRole('button', { name: 'Delete' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
