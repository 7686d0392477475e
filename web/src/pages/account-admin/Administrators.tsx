import { Alert, Anchor, Badge, Card, Loader, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useAdministrators, usePlan } from '../../api/account';
import { AppPage } from '../../components/AppPage';
import { messageOf } from '../../api/client';

/** Settings → Administrators: the account's real administrators and the seats its plan gives. */
export default function Administrators() {
  const admins = useAdministrators();
  const plan = usePlan();
  const seats = plan.data ? (plan.data.seats === null ? 'unlimited' : String(plan.data.seats)) : null;
  return (
    <AppPage
      title="Administrators"
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
      <Card withBorder radius="md" p={0}>
        {admins.isPending ? (
          <Loader m="lg" aria-label="Loading administrators" />
        ) : admins.isError ? (
          <Alert color="red" m="md">
            {messageOf(admins.error, 'Could not load the administrators.')}
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Permissions</Table.Th>
                  <Table.Th>Departments</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
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
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </AppPage>
  );
}
