import { Alert, Button, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandAndroid, IconBrandApple, IconBrowser, IconDownload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PublicPage } from './PublicHero';

type Platform = 'ios' | 'android';

// The time station is a web app that installs itself from the browser (no store account needed).
const INSTALL_STEPS: Record<Platform, string[]> = {
  ios: [
    'Open this page in Safari on the iPhone or iPad.',
    'Tap the Share button.',
    'Choose "Add to Home Screen", then "Add".',
    'Open Punchclock from the home screen and pair it from Settings → Devices.',
  ],
  android: [
    'Open this page in Chrome on the phone or tablet.',
    'Tap the ⋮ menu.',
    'Choose "Install app" (or "Add to Home screen").',
    'Open Punchclock from the home screen and pair it from Settings → Devices.',
  ],
};

function PlatformCard({
  platform,
  icon,
  title,
  onChoose,
}: {
  platform: Platform;
  icon: ReactNode;
  title: string;
  onChoose: (p: Platform) => void;
}) {
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light">
          {icon}
        </ThemeIcon>
        <Title order={2} fz="xl">
          {title}
        </Title>
        <Text c="dimmed" fz="sm">
          Phones and tablets. Scan badges with the camera, or punch by Employee ID and PIN.
        </Text>
        <Button size="md" leftSection={<IconDownload size={18} />} onClick={() => onChoose(platform)}>
          Download for {platform === 'ios' ? 'iOS' : 'Android'}
        </Button>
      </Stack>
    </Paper>
  );
}

export default function Download() {
  const [chosen, setChosen] = useState<Platform | null>(null);
  return (
    <PublicPage
      eyebrow="Download"
      title="Get the Punchclock app"
      intro="Turn any phone or tablet into a time station for your team."
      size="md"
    >
      <Stack gap="xl">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <PlatformCard
            platform="ios"
            icon={<IconBrandApple size={34} />}
            title="iPhone and iPad"
            onChoose={setChosen}
          />
          <PlatformCard
            platform="android"
            icon={<IconBrandAndroid size={34} />}
            title="Android"
            onChoose={setChosen}
          />
        </SimpleGrid>

        {chosen && (
          <Alert color="indigo" title={`Install on ${chosen === 'ios' ? 'iOS' : 'Android'}`} role="status">
            <List type="ordered" spacing={4} mt={4}>
              {INSTALL_STEPS[chosen].map((s) => (
                <List.Item key={s}>{s}</List.Item>
              ))}
            </List>
          </Alert>
        )}

        <Paper radius="lg" p="xl" bg="gray.0">
          <Stack gap="sm">
            <ThemeIcon size={44} radius="md" variant="white">
              <IconBrowser size={24} />
            </ThemeIcon>
            <Title order={2} fz="xl">
              Or use any browser as a time station
            </Title>
            <Text c="gray.8">
              No install needed: open Punchclock in the browser of a PC, laptop or tablet at the entrance, log
              in as the account owner and pair it from Settings → Devices. It keeps recording punches while
              offline and sends them when the connection returns.
            </Text>
            <Button component={Link} to="/Station" variant="default" w="fit-content">
              Open the time station
            </Button>
          </Stack>
        </Paper>
      </Stack>
    </PublicPage>
  );
}
