import { DATE_FORMATS } from '@punchclock/contract';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { messageOf } from '../../api/client';
import { useSettings } from '../../api/settings';
import { AppPage } from '../../components/AppPage';
import { formatDate } from '../punches/display-format';
import { Dashboard } from './DashboardTiles';
import { SetupSteps } from './SetupSteps';
import { useHomeDashboard } from './useHomeDashboard';

/** On a first load of the page, the router fills the query cache with its data before it renders. */
export { prefetchHomeData as prefetch } from '../../api/dashboard';

/** "Today is Monday, 11/23/2026" in the account's Date Format. */
function TodayLine({ day }: { day: string }) {
  const settings = useSettings();
  const weekday = new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    timeZone: 'UTC',
  });
  return (
    <>
      Today is {weekday}, {formatDate(day, settings.data?.date_format ?? DATE_FORMATS[0])}.
    </>
  );
}

/** The administrator's home: the setup steps until there are employees, then the day at a glance. */
export default function HomeSecond() {
  const { title, dash } = useHomeDashboard();

  if (dash.isPending)
    return (
      <AppPage title={title}>
        <Center py="xl">
          <Group gap="sm">
            <Loader size="sm" />
            <Text c="dimmed">Loading your dashboard…</Text>
          </Group>
        </Center>
      </AppPage>
    );

  if (!dash.data)
    return (
      <AppPage title={title}>
        <Alert color="red" icon={<IconAlertTriangle />} title="The dashboard could not be loaded">
          <Stack gap="sm" align="flex-start">
            <Text fz="sm">{messageOf(dash.error, 'Please try again.')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => dash.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </AppPage>
    );

  if (dash.data.employee_count === 0)
    return (
      <AppPage title={title} description="Three steps and your team is clocking in.">
        <SetupSteps />
      </AppPage>
    );

  return (
    <AppPage title={title} description={<TodayLine day={dash.data.today} />}>
      {dash.isError && (
        <Alert color="orange" icon={<IconAlertTriangle />} mb="md">
          Could not refresh: {messageOf(dash.error, 'the server did not answer')}. Showing the last figures.
        </Alert>
      )}
      <Dashboard data={dash.data} updatedAt={dash.dataUpdatedAt} />
    </AppPage>
  );
}
