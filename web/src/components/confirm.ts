import { modals } from '@mantine/modals';

type ConfirmProps = Parameters<typeof modals.openConfirmModal>[0];

/**
 * modals.openConfirmModal whose Confirm acts once. A double click reached the button again while the dialog was
 * closing: the delete (or badge regeneration) ran twice, the second answered "not found", and its error replaced
 * the first call's success message. A dialog that stays open on Confirm (closeOnConfirm: false) guards itself.
 */
export function openConfirm(props: ConfirmProps): string {
  let confirmed = false;
  return modals.openConfirmModal({
    ...props,
    onConfirm: () => {
      if (confirmed) return;
      if (props.closeOnConfirm !== false) confirmed = true;
      props.onConfirm?.();
    },
  });
}
