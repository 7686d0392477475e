import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAdministratorMutations } from '../../api/account';
import { messageOf } from '../../api/client';
import { notifySuccess } from '../../components/notify';

/** Invite an administrator with full access: the server checks the plan's seats and mails the set-password link. */
export function InviteAdministrator({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { invite } = useAdministratorMutations();
  const form = useForm({
    initialValues: { name: '', email: '' },
    validate: {
      name: (v) => (v.trim() ? null : 'Name is required.'),
      email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : 'Please enter a valid email address.'),
    },
  });
  const close = () => {
    invite.reset();
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (a) => {
        notifySuccess(a.message);
        close();
      },
    }),
  );
  return (
    <Modal opened={opened} onClose={close} title="Invite administrator">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            They get an e-mail to choose a password, then manage the account with full access.
          </Text>
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
          {invite.isError && (
            <Text c="red" size="sm" role="alert">
              {messageOf(invite.error, 'Could not send the invitation.')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
