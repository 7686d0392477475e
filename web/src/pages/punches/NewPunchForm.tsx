import { Paper } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { messageOf } from '../../api/client';
import { usePunchMutations } from '../../api/punches';
import { notifySuccess } from '../../components/notify';
import { isLockedRefusal } from './PunchDialogs';
import { PunchForm } from './PunchForm';
import { punchBody } from './punch-values';

/**
 * The form that adds one punch for `employeeId`, as a manager (/ManualPunch/:id) or an employee for themselves
 * (/ManualUserPunch) does: the server's refusal shows above the buttons; on success a message, then `onCreated`.
 */
export function NewPunchForm({ employeeId, onCreated }: { employeeId: number; onCreated: () => void }) {
  const { create } = usePunchMutations();
  return (
    <Paper withBorder p="lg" radius="md">
      <PunchForm
        busy={create.isPending}
        onSubmit={(v, reset) =>
          create.mutate(punchBody(employeeId, v), {
            onSuccess: (a) => {
              notifySuccess(a.message || messages.punches.created);
              reset();
              onCreated();
            },
          })
        }
        error={create.error ? messageOf(create.error, messages.punches.createFailed) : null}
        errorLocked={isLockedRefusal(create.error)}
        onAttempt={() => create.reset()}
      />
    </Paper>
  );
}
