import { Alert, Avatar, Badge, Group, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { messages, type UserView } from '@punchclock/contract';
import { IconAlertCircle, IconDownload, IconId, IconPhoto, IconQrcode } from '@tabler/icons-react';
import { useCurrentUser, useProfilePicture } from '../../api/auth';
import { messageOf } from '../../api/client';
import { AppPage, PageCard } from '../../components/AppPage';
import { ExportDataPanel } from './ExportDataPanel';
import { ProfilePictureForm } from './ProfilePictureForm';
import { QrCodePanel } from './QrCodePanel';

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text fz="xs" tt="uppercase" fw={600} c="dimmed" lts={0.5}>
        {label}
      </Text>
      <Text fw={500}>{value || '—'}</Text>
    </div>
  );
}

function UserInformation({ user }: { user: UserView }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
      <Detail label="Full Name" value={user.name} />
      <Detail label="Username" value={user.username} />
      <Detail label="Email" value={user.email} />
      <Detail label="Phone Number" value={user.phone_number} />
      <Detail label="Date of Birth" value={user.date_of_birth} />
      <Detail label="Company" value={user.company_name} />
    </SimpleGrid>
  );
}

/**
 * The user settings tabs: User Information, Upload Profile Picture, Export Your
 * Data (managers only: the account's data) and Your QR Code. Shown on /UserProfile and /Account_Setting.
 */
export function UserSettingsTabs({ user, picture }: { user: UserView; picture: string | null }) {
  const manager = user.user_type === 'user';
  return (
    <PageCard>
      <Tabs defaultValue="info">
        <Tabs.List mb="lg">
          <Tabs.Tab value="info" leftSection={<IconId size={16} />}>
            User Information
          </Tabs.Tab>
          <Tabs.Tab value="picture" leftSection={<IconPhoto size={16} />}>
            Upload Profile Picture
          </Tabs.Tab>
          {manager && (
            <Tabs.Tab value="export" leftSection={<IconDownload size={16} />}>
              Export Your Data
            </Tabs.Tab>
          )}
          <Tabs.Tab value="qr" leftSection={<IconQrcode size={16} />}>
            Your QR Code
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info">
          <UserInformation user={user} />
        </Tabs.Panel>
        <Tabs.Panel value="picture">
          <ProfilePictureForm current={picture} name={user.name} />
        </Tabs.Panel>
        {manager && (
          <Tabs.Panel value="export">
            <ExportDataPanel userId={user.user_id} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="qr">
          <QrCodePanel initial={user.qr_code_url} username={user.username} />
        </Tabs.Panel>
      </Tabs>
    </PageCard>
  );
}

/** The signed-in person's profile (/UserProfileUser for employees, /UserProfile for managers). */
export function ProfilePage() {
  const user = useCurrentUser();
  const picture = useProfilePicture();

  if (user.isPending) {
    return (
      <AppPage title="Your Profile" size="md">
        <Skeleton h={120} radius="lg" mb="md" />
        <Skeleton h={260} radius="lg" />
      </AppPage>
    );
  }
  if (user.isError) {
    return (
      <AppPage title="Your Profile" size="md">
        <Alert color="red" icon={<IconAlertCircle />}>
          {messageOf(user.error, messages.profile.noData)}
        </Alert>
      </AppPage>
    );
  }

  const u = user.data;
  return (
    <AppPage title="Your Profile" size="md">
      <PageCard mb="lg">
        <Group wrap="nowrap" gap="lg">
          <Avatar
            src={picture.data ?? null}
            name={u.name}
            color="initials"
            size={84}
            radius={84}
            alt={`${u.name}'s profile picture`}
          />
          <Stack gap={4} miw={0}>
            <Title order={2} fz="xl">
              {u.name}
            </Title>
            <Text c="dimmed" truncate>
              @{u.username} · {u.email}
            </Text>
            <Badge variant="light" w="fit-content">
              {u.user_type === 'user' ? 'Administrator' : 'Employee'}
            </Badge>
          </Stack>
        </Group>
      </PageCard>

      <UserSettingsTabs user={u} picture={picture.data ?? null} />
    </AppPage>
  );
}

export default ProfilePage;
