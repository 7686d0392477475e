import { Button, Stack } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AppPage } from '../../components/AppPage';
import { SectionCard } from '../../components/SectionCard';
import { ChangePasswordForm } from '../account/ChangePasswordForm';

export default function AccountSetting() {
  return (
    <AppPage
      title="Account Settings"
      description="Manage how you sign in to Punchclock."
      size="md"
      actions={
        <Button component={Link} to="/UserProfile" variant="default" leftSection={<IconUser size={16} />}>
          View your profile
        </Button>
      }
    >
      <Stack>
        <SectionCard title="Password" description="After a change, your other devices are signed out.">
          <ChangePasswordForm />
        </SectionCard>
      </Stack>
    </AppPage>
  );
}
