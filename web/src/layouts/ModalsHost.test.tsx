import { modals } from '@mantine/modals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../Providers';
import { ModalsHost } from './ModalsHost';

function Page({ onConfirm = () => {}, update = false }: { onConfirm?: () => void; update?: boolean }) {
  return (
    <button
      type="button"
      onClick={() => {
        const modalId = modals.openConfirmModal({
          title: 'Delete Sales',
          children: 'It has no employees.',
          labels: { confirm: 'Delete', cancel: 'Cancel' },
          onConfirm,
        });
        // Asked before the provider is there: given to it in this order.
        if (update) modals.updateModal({ modalId, children: 'Changed before it opened.' });
      }}
    >
      Delete department
    </button>
  );
}

const show = (page = <Page />) =>
  render(
    <Providers>
      {page}
      <ModalsHost />
    </Providers>,
  );

describe('the confirm dialogs of the signed-in areas', () => {
  it('are not rendered until the first is asked for', () => {
    show();
    expect(document.querySelector('.mantine-Modal-root')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('open on the first ask, close with Cancel and give the focus back', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    show(<Page onConfirm={onConfirm} />);
    const button = screen.getByRole('button', { name: 'Delete department' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Delete Sales' });
    expect(dialog.textContent).toContain('It has no employees.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('open again after the first, close with Escape and confirm', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    show(<Page onConfirm={onConfirm} />);
    const button = screen.getByRole('button', { name: 'Delete department' });
    await user.click(button);
    await screen.findByRole('dialog', { name: 'Delete Sales' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));

    await user.click(button);
    await screen.findByRole('dialog', { name: 'Delete Sales' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('open the first dialog with its transition, as every later one', async () => {
    const user = userEvent.setup();
    show();
    // The style the dialog's box is inserted with: opacity 0 when its transition runs.
    const inserted: string[] = [];
    const observer = new MutationObserver((list) => {
      for (const m of list)
        for (const n of m.addedNodes)
          if (n instanceof HTMLElement)
            for (const el of [n, ...n.querySelectorAll<HTMLElement>('.mantine-Modal-content')])
              if (el.matches('.mantine-Modal-content')) inserted.push(el.style.opacity);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await user.click(screen.getByRole('button', { name: 'Delete department' }));
    await screen.findByRole('dialog', { name: 'Delete Sales' });
    observer.disconnect();
    expect(inserted).toEqual(['0']);
  });

  it('keep the order of what was asked before the first dialog was there', async () => {
    const user = userEvent.setup();
    show(<Page update />);
    await user.click(screen.getByRole('button', { name: 'Delete department' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Sales' });
    expect(dialog.textContent).toContain('Changed before it opened.');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });
});
