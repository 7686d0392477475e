import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser, useOwnPermissions } from '../../api/auth';
import { AppPage } from '../../components/AppPage';
import { EarningsModal } from '../../layouts/EarningsModal';

/** /EarningsModal: the Earnings and Deductions dialog, open on arrival; closing it goes home. */
export default function EarningsPage() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const permissions = useOwnPermissions();
  const [opened, setOpened] = useState(true);
  if (user.data && !permissions.view_pay_information)
    return (
      <AppPage title="Earnings and Deductions">
        <Alert color="yellow">
          Your account does not show pay information. Ask your manager to allow View Pay Information.
        </Alert>
      </AppPage>
    );
  return (
    <AppPage title="Earnings and Deductions">
      <Paper withBorder radius="lg" p="xl">
        <Stack align="flex-start" gap="sm">
          <Text c="dimmed">Your earnings by day, week and month, with your Lunch and Break deductions.</Text>
          <Button leftSection={<IconCoin size={16} />} onClick={() => setOpened(true)}>
            View Earnings
          </Button>
        </Stack>
      </Paper>
      {user.data && (
        <EarningsModal
          opened={opened}
          onClose={() => {
            setOpened(false);
            void navigate('/HomeUser');
          }}
        />
      )}
    </AppPage>
  );
}
