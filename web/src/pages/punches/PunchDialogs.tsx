import { Modal, Text } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { ApiError, messageOf } from '../../api/client';
import { type PunchRow, usePunchMutations } from '../../api/punches';
import { openConfirm } from '../../components/confirm';
import { notifyError, notifySuccess } from '../../components/notify';
import { formatDate, formatTime } from './display-format';
import { PunchForm } from './PunchForm';
import { punchBody, type PunchValues, valuesOf } from './punch-values';

/** A refusal of the locked-period rule (423 `period.locked`, docs/RULES.md#pay-periods): the form shows it with a lock. */
export const isLockedRefusal = (e: unknown) => e instanceof ApiError && e.code === 'period.locked';

/** The Edit punch dialog: the punch form, saved through PUT /api/manual-punches/:id. */
export function EditPunchModal({ punch, onClose }: { punch: PunchRow | null; onClose: () => void }) {
  const { update } = usePunchMutations();
  const save = (v: PunchValues) => {
    if (!punch) return;
    update.mutate(
      { id: punch.id, ...punchBody(punch.employee_id, v) },
      {
        onSuccess: (a) => {
          notifySuccess(a.message || messages.punches.updated);
          onClose();
        },
      },
    );
  };
  // A refusal belongs to the dialog it was made in: closing it forgets it.
  const close = () => {
    update.reset();
    onClose();
  };
  return (
    <Modal opened={!!punch} onClose={close} title="Edit punch" centered>
      {punch && (
        <PunchForm
          key={punch.id}
          initial={valuesOf(punch)}
          open={punch.time_out === null}
          busy={update.isPending}
          error={update.error ? messageOf(update.error, 'Failed to update the punch.') : null}
          errorLocked={isLockedRefusal(update.error)}
          locked={punch.locked === true}
          onAttempt={() => update.reset()}
          submitLabel="Save"
          onSubmit={save}
          onCancel={close}
        />
      )}
    </Modal>
  );
}

/** Lives with the table, not the row: the row is gone once the list reloads, and its callbacks with it. */
export function useDeletePunch() {
  const { remove } = usePunchMutations();
  return (p: PunchRow) =>
    openConfirm({
      title: 'Delete punch',
      children: (
        <Text size="sm">
          Are you sure you want to delete the punch of {formatDate(p.date, p.date_format)} (
          {formatTime(p.time_in, p.time_format)} –{' '}
          {p.time_out === null ? '…' : formatTime(p.time_out, p.time_format)})?
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(p.id, {
          onSuccess: (a) => notifySuccess(a.message || messages.punches.deleted),
          onError: (e) => notifyError(messageOf(e, 'Failed to delete the punch.')),
        }),
    });
}
