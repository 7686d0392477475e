import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { IconAlertCircle, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser, useProfilePicture } from '../../api/auth';
import { messageOf } from '../../api/client';
import { AppPage } from '../../components/AppPage';
import { SectionCard } from '../../components/SectionCard';
import { ChangePasswordForm } from '../account/ChangePasswordForm';
import { UserSettingsTabs } from '../account/ProfilePage';

/** Account Settings: the user settings tabs and the password. */
export default function AccountSetting() {
  const user = useCurrentUser();
  const picture = useProfilePicture();
  return (
    <AppPage
      title="Account Settings"
      description="Your details, picture, data and QR code, and how you sign in to Punchclock."
      size="md"
      actions={
        <Button component={Link} to="/UserProfile" variant="default" leftSection={<IconUser size={16} />}>
          View your profile
        </Button>
      }
    >
      <Stack>
        {user.isPending ? (
          <Skeleton h={260} radius="lg" />
        ) : user.isError ? (
          <Alert color="red" icon={<IconAlertCircle />}>
            {messageOf(user.error, messages.profile.noData)}
          </Alert>
        ) : (
          <UserSettingsTabs user={user.data} picture={picture.data ?? null} />
        )}
        <SectionCard title="Password" description="After a change, your other devices are signed out.">
          <ChangePasswordForm />
        </SectionCard>
      </Stack>
    </AppPage>
  );
}
