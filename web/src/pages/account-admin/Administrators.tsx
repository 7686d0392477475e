import { Alert, Anchor, Badge, Button, Card, Loader, Table, Text, VisuallyHidden } from '@mantine/core';
import type { AdministratorView } from '@punchclock/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAdministratorMutations, useAdministrators } from '../../api/account';
import { messageOf } from '../../api/client';
import { AppPage } from '../../components/AppPage';
import { notifyError, notifySuccess } from '../../components/notify';
import { EditAdministratorAccess, InviteAdministrator } from './InviteAdministrator';
import { openConfirm } from '../../components/confirm';
import { usePlanSeats } from './seats';
import { ScrollTable } from '../../components/ScrollTable';

/** Settings → Administrators: the account's real administrators and the seats its plan gives. */
export default function Administrators() {
  const admins = useAdministrators();
  const { plan, full, notice, noticeId } = usePlanSeats();
  const { remove } = useAdministratorMutations();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<AdministratorView | null>(null);
  const seats = plan.data ? (plan.data.seats === null ? 'unlimited' : String(plan.data.seats)) : null;
  const confirmRemove = (a: AdministratorView) =>
    openConfirm({
      title: 'Remove administrator?',
      children: (
        <Text size="sm">
          {a.name} ({a.email}) will be signed out and can no longer manage this account.
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(a.id, {
          onSuccess: (r) => notifySuccess(r.message),
          onError: (e) => notifyError(messageOf(e, 'Could not remove the administrator.')),
        }),
    });
  return (
    <AppPage
      title="Administrators"
      actions={
        <Button
          onClick={() => setInviting(true)}
          disabled={full}
          aria-describedby={full ? noticeId : undefined}
        >
          Invite administrator
        </Button>
      }
      description={
        seats && plan.data ? (
          <>
            {plan.data.administrators} of {seats} administrator seats used on your plan.{' '}
            <Anchor component={Link} to="/PricingUser" underline="always">
              Change plan
            </Anchor>
          </>
        ) : undefined
      }
    >
      {notice}
      <Card withBorder radius="md" p={0}>
        {admins.isPending ? (
          <Loader m="lg" aria-label="Loading administrators" />
        ) : admins.isError ? (
          <Alert color="red" m="md">
            {messageOf(admins.error, 'Could not load the administrators.')}
          </Alert>
        ) : (
          <ScrollTable
            minWidth={560}
            verticalSpacing="sm"
            highlightOnHover
            columns={[
              'Name',
              'Email',
              'Permissions',
              'Departments',
              <VisuallyHidden>Actions</VisuallyHidden>,
            ]}
          >
            {admins.data.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>
                  <Text fw={500} span>
                    {a.name}
                  </Text>{' '}
                  {a.role === 'Owner' && (
                    <Badge size="sm" variant="light" ml={4}>
                      Owner
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{a.email}</Table.Td>
                <Table.Td>{a.permissions}</Table.Td>
                <Table.Td>{a.departments}</Table.Td>
                <Table.Td ta="right">
                  {a.role !== 'Owner' && (
                    <Button
                      size="xs"
                      variant="subtle"
                      aria-label={`Edit access of ${a.name}`}
                      onClick={() => setEditing(a)}
                    >
                      Edit access
                    </Button>
                  )}
                  {a.role !== 'Owner' && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${a.name}`}
                      onClick={() => confirmRemove(a)}
                    >
                      Remove
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </ScrollTable>
        )}
      </Card>
      <InviteAdministrator opened={inviting} onClose={() => setInviting(false)} />
      <EditAdministratorAccess admin={editing} onClose={() => setEditing(null)} />
    </AppPage>
  );
}
