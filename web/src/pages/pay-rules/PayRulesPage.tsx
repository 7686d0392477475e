import { Alert, Group, Loader, SimpleGrid, Text } from '@mantine/core';
import { useCurrentUser } from '../../api/auth';
import { messageOf } from '../../api/client';
import { usePayRules } from '../../api/pay-rules';
import { AppPage } from '../../components/AppPage';
import { todayIn } from '../reports/periods';
import { CurrentRules } from './CurrentRules';
import { RulesForm } from './RulesForm';

/**
 * /PayRules (docs/RULES.md#pay-rules): the owner's and full administrators' screen of the account's pay rules. A
 * department-scoped administrator does not see it in the settings, and the server refuses them.
 */
export default function PayRulesPage() {
  const rules = usePayRules();
  const user = useCurrentUser();
  const today = todayIn(user.data?.time_zone);
  return (
    <AppPage
      title="Pay Rules"
      description="Overtime, double time, breaks and premiums: which rules pay each day, from which day on."
    >
      {rules.isPending || user.isPending ? (
        <Group gap="xs">
          <Loader size="sm" aria-label="Loading the pay rules" />
          <Text c="dimmed">Loading...</Text>
        </Group>
      ) : rules.isError ? (
        <Alert color="red" role="alert">
          {messageOf(rules.error, 'Failed to load the pay rules.')}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <RulesForm
            key={rules.data.current?.effective_from ?? 'none'}
            current={rules.data.current}
            today={today}
          />
          <CurrentRules current={rules.data.current} history={rules.data.history} />
        </SimpleGrid>
      )}
    </AppPage>
  );
}
