import { Button, Group, Modal, MultiSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import {
  administratorAccessBody,
  administratorBody,
  type AdminAccess,
  type AdministratorView,
} from '@punchclock/contract';
import { useEffect } from 'react';
import { useAdministratorMutations } from '../../api/account';
import { messageOf } from '../../api/client';
import { useDepartments } from '../../api/people';
import { notifySuccess } from '../../components/notify';
import { foldedFilter } from '../../components/folded-filter';
import { FormActions } from '../../components/FormActions';
import { schemaErrors } from '../../forms/validation';
import { usePlanSeats } from './seats';

interface Values {
  name: string;
  email: string;
  access: AdminAccess;
  department_ids: string[];
}

/** Full access, or the departments a scoped administrator manages (shared by invite and edit). */
function AccessFields({ form }: { form: Pick<UseFormReturnType<Values>, 'values' | 'getInputProps'> }) {
  const departments = useDepartments();
  const options = (departments.data ?? []).map((d) => ({ value: String(d.id), label: d.dp_name }));
  return (
    <>
      <Radio.Group label="Access" {...form.getInputProps('access')}>
        <Stack gap="xs" mt="xs">
          <Radio value="full" label="Full access: every department, settings and administrators" />
          <Radio value="departments" label="Chosen departments: their employees, punches and reports only" />
        </Stack>
      </Radio.Group>
      {form.values.access === 'departments' && (
        <MultiSelect
          label="Departments"
          placeholder={departments.isPending ? 'Loading departments…' : 'Choose departments'}
          data={options}
          filter={foldedFilter}
          searchable
          required
          nothingFoundMessage="No department matches"
          {...form.getInputProps('department_ids')}
        />
      )}
    </>
  );
}

/** The server's refusal, if any, and the dialog's buttons. */
function Outcome(p: { error: string | null; pending: boolean; submit: string; onCancel: () => void }) {
  return (
    <>
      {p.error && (
        <Text c="red" size="sm" role="alert">
          {p.error}
        </Text>
      )}
      <FormActions onCancel={p.onCancel} busy={p.pending} submitLabel={p.submit} />
    </>
  );
}

const accessBody = (v: Values) => ({
  access: v.access,
  department_ids: v.access === 'departments' ? v.department_ids.map(Number) : [],
});

/**
 * Invite an administrator: the server checks the plan's seats and mails the set-password link. With every seat
 * taken the dialog says so and offers Upgrade Account instead of a form the server would refuse.
 */
export function InviteAdministrator({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { invite } = useAdministratorMutations();
  const seats = usePlanSeats();
  const form = useForm<Values>({
    initialValues: { name: '', email: '', access: 'full', department_ids: [] },
    // The request as it will be sent, checked with the contract's schema: the server's words by each field.
    validate: (v) => schemaErrors(administratorBody, { name: v.name, email: v.email, ...accessBody(v) }),
  });
  const close = () => {
    invite.reset();
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((values) =>
    invite.mutate(
      { name: values.name, email: values.email, ...accessBody(values) },
      {
        onSuccess: (a) => {
          notifySuccess(a.message);
          close();
        },
        // Refused, perhaps because another administrator took the last seat meanwhile: the seats are read again.
        onError: () => void seats.plan.refetch(),
      },
    ),
  );
  return (
    <Modal opened={opened} onClose={close} title="Invite administrator">
      {seats.full ? (
        <Stack>
          {seats.notice}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Close
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              They get an e-mail to choose a password, then manage the account with the access you give here.
            </Text>
            <TextInput label="Name" required {...form.getInputProps('name')} />
            <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
            <AccessFields form={form} />
            <Outcome
              error={invite.isError ? messageOf(invite.error, 'Could not send the invitation.') : null}
              pending={invite.isPending}
              submit="Send invitation"
              onCancel={close}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** Change what an administrator (not the owner) manages; it applies to their next request. */
export function EditAdministratorAccess({
  admin,
  onClose,
}: {
  admin: AdministratorView | null;
  onClose: () => void;
}) {
  const { changeAccess } = useAdministratorMutations();
  const form = useForm<Values>({
    initialValues: { name: '', email: '', access: 'full', department_ids: [] },
    validate: (v) => schemaErrors(administratorAccessBody, accessBody(v)),
  });
  // The form opens with the administrator's current access each time one is chosen.
  useEffect(() => {
    if (admin)
      form.setValues({
        name: admin.name,
        email: admin.email,
        access: admin.access,
        department_ids: (admin.department_ids ?? []).map(String),
      });
  }, [admin?.id]);
  const close = () => {
    changeAccess.reset();
    onClose();
  };
  const submit = form.onSubmit((values) =>
    changeAccess.mutate(
      { id: admin!.id, ...accessBody(values) },
      {
        onSuccess: (a) => {
          notifySuccess(a.message);
          close();
        },
      },
    ),
  );
  return (
    <Modal opened={admin !== null} onClose={close} title={`Access of ${admin?.name ?? ''}`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <AccessFields form={form} />
          <Outcome
            error={
              changeAccess.isError ? messageOf(changeAccess.error, 'Could not change the access.') : null
            }
            pending={changeAccess.isPending}
            submit="Save access"
            onCancel={close}
          />
        </Stack>
      </form>
    </Modal>
  );
}
