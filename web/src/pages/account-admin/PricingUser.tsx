import { Alert, Badge, Button, Card, List, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { messages, PLAN_SEATS, PLANS, type PlanId } from '@punchclock/contract';
import { useChangePlan, usePlan } from '../../api/account';
import { messageOf } from '../../api/client';
import { AppPage } from '../../components/AppPage';
import { notifyError, notifySuccess } from '../../components/notify';
import { openConfirm } from '../../components/confirm';

const seatsText = (id: PlanId) => {
  const seats = PLAN_SEATS[id];
  return seats === null ? 'Unlimited administrators' : `${seats} administrator${seats === 1 ? '' : 's'}`;
};

/** Settings → Upgrade Account: the public plans with the account's own marked; choosing one changes the limits. */
export default function PricingUser() {
  const plan = usePlan();
  const change = useChangePlan();

  const choose = (id: PlanId, name: string) =>
    openConfirm({
      title: `Switch to the ${name}?`,
      children: <Text size="sm">{messages.account.noPayment}</Text>,
      labels: { confirm: `Switch to ${name}`, cancel: 'Cancel' },
      onConfirm: () =>
        change.mutate(id, {
          onSuccess: (a) => notifySuccess(a.message),
          onError: (e) => notifyError(messageOf(e, messages.general.genericError)),
        }),
    });

  return (
    <AppPage title="Upgrade Account" description={messages.account.noPayment}>
      {plan.isPending ? (
        <Loader aria-label="Loading your plan" />
      ) : plan.isError ? (
        <Alert color="red">{messageOf(plan.error, 'Could not load your plan.')}</Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {PLANS.map((p) => {
            const current = p.id === plan.data.plan;
            return (
              <Card
                key={p.id}
                withBorder
                radius="lg"
                padding="xl"
                data-testid={`plan-${p.id}`}
                style={current ? { borderColor: 'var(--mantine-color-indigo-6)', borderWidth: 2 } : undefined}
              >
                <Stack gap="sm" h="100%">
                  {current ? (
                    <Badge variant="filled" w="fit-content">
                      Your plan
                    </Badge>
                  ) : (
                    <Badge variant="transparent" w="fit-content" c="transparent" aria-hidden>
                      &nbsp;
                    </Badge>
                  )}
                  <Title order={2} fz="xl">
                    {p.name}
                  </Title>
                  <Text>
                    <Text span fz={36} fw={800}>
                      ${p.price}
                    </Text>{' '}
                    <Text span c="dimmed">
                      per month
                    </Text>
                  </Text>
                  <Text fw={500}>{seatsText(p.id)}</Text>
                  <List size="sm" spacing={4} style={{ flex: 1 }}>
                    {p.features.map((f) => (
                      <List.Item key={f}>{f}</List.Item>
                    ))}
                  </List>
                  <Button
                    variant={current ? 'light' : 'filled'}
                    disabled={current}
                    loading={change.isPending && change.variables === p.id}
                    onClick={() => choose(p.id, p.name)}
                  >
                    {current ? 'Current plan' : `Switch to ${p.name}`}
                  </Button>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
      {plan.data && (
        <Text c="dimmed" size="sm" mt="lg">
          {plan.data.administrators} administrator{plan.data.administrators === 1 ? '' : 's'} on this account.
        </Text>
      )}
    </AppPage>
  );
}
