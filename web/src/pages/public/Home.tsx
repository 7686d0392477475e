import {
  Badge,
  Box,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconChartBar,
  IconClockPlay,
  IconDeviceMobile,
  IconDevices,
  IconIdBadge2,
  IconMapPin,
  IconQrcode,
  IconShieldLock,
  IconUserPlus,
  IconWifiOff,
  type Icon,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { StationPreview } from './StationPreview';

// The dialog holds the time station's clock panel: its code loads on the first click only.
const ClockModal = lazy(() => import('./ClockModal'));

const FEATURES: { icon: Icon; title: string; text: string }[] = [
  {
    icon: IconQrcode,
    title: 'QR badges or PIN',
    text: 'Employees punch in and out by scanning their badge or typing their ID and PIN.',
  },
  {
    icon: IconWifiOff,
    title: 'Works offline',
    text: 'Punches are kept on the device and sync exactly once when the connection returns.',
  },
  {
    icon: IconDevices,
    title: 'Many time stations',
    text: 'Use as many tablets, phones and PCs as you need, all at the same time.',
  },
  {
    icon: IconMapPin,
    title: 'GPS locations',
    text: 'See where each punch happened, for crews on the road and remote job sites.',
  },
  {
    icon: IconChartBar,
    title: 'Reports that add up',
    text: 'Attendance, daily summaries and hours by department, exported to Excel or PDF.',
  },
  {
    icon: IconShieldLock,
    title: 'Secure by default',
    text: 'SSL encryption, per-account data separation and a log of every change.',
  },
];

const STEPS: { icon: Icon; title: string; text: string }[] = [
  {
    icon: IconUserPlus,
    title: 'Sign up',
    text: 'Create your free account and add your employees, by hand or from a spreadsheet.',
  },
  {
    icon: IconIdBadge2,
    title: 'Print employee cards',
    text: 'Each employee gets a badge with a personal QR code.',
  },
  {
    icon: IconDeviceMobile,
    title: 'Download the app',
    text: 'Install it on a phone or tablet, or open any browser as a time station.',
  },
];

function Hero({ onClock }: { onClock: () => void }) {
  return (
    <Box
      style={{
        background:
          // Stops dark enough for white text to read at WCAG AA (4.5:1) over the whole gradient.
          'linear-gradient(135deg, var(--mantine-color-indigo-9) 0%, var(--mantine-color-indigo-7) 55%, var(--mantine-color-violet-7) 100%)',
      }}
      c="white"
      py={{ base: 48, md: 88 }}
    >
      <Container size="xl">
        {/* SimpleGrid and Paper, not Grid and Card: the frame's footer loads them already. */}
        <SimpleGrid
          cols={{ base: 1, md: 2 }}
          spacing={48}
          verticalSpacing={48}
          style={{ alignItems: 'center' }}
        >
          <div>
            <Stack gap="lg">
              <Badge variant="white" color="indigo" size="lg" radius="sm" w="fit-content">
                Time &amp; attendance made simple
              </Badge>
              <Title order={1} fz={{ base: 34, sm: 46 }} lh={1.1} c="white">
                Know who is working, without the paperwork
              </Title>
              <Text fz={{ base: 'md', sm: 'lg' }} c="white" maw={540}>
                A reliable and accurate employee attendance tracking system for work management and
                productivity monitoring. Badges, time stations and reports in one cloud service.
              </Text>
              <Group>
                <Button component={Link} to="/SignUp" size="lg" variant="white" color="indigo">
                  Start free
                </Button>
                <Button
                  size="lg"
                  variant="outline"
                  color="white"
                  leftSection={<IconClockPlay size={20} />}
                  onClick={onClock}
                >
                  Clock In and Out
                </Button>
              </Group>
            </Stack>
          </div>
          <StationPreview />
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function Features() {
  return (
    <Container size="xl" py={{ base: 48, md: 80 }}>
      <Stack gap={6} ta="center" mb={40}>
        <Title order={2} fz={{ base: 26, sm: 34 }}>
          Everything you need to track time
        </Title>
        <Text c="dimmed" maw={620} mx="auto">
          For offices, shops, job sites, schools and clubs: track employees, students, members or project
          time.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {FEATURES.map((f) => (
          <Paper key={f.title} withBorder radius="lg" p="xl">
            <ThemeIcon size={44} radius="md" variant="light" mb="md">
              <f.icon size={24} />
            </ThemeIcon>
            <Title order={3} fz="lg" mb={6}>
              {f.title}
            </Title>
            <Text c="dimmed" fz="sm">
              {f.text}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Container>
  );
}

function Steps() {
  return (
    <Box bg="gray.0" py={{ base: 48, md: 80 }}>
      <Container size="xl">
        <Title order={2} fz={{ base: 26, sm: 34 }} ta="center" mb={40}>
          Up and running in three steps
        </Title>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {STEPS.map((s, i) => (
            <Paper key={s.title} radius="lg" p="xl" withBorder>
              <Group gap="md" mb="sm" wrap="nowrap">
                <ThemeIcon size={40} radius="xl">
                  <Text fw={800}>{i + 1}</Text>
                </ThemeIcon>
                <Title order={3} fz="lg">
                  {s.title}
                </Title>
              </Group>
              <Text c="dimmed" fz="sm">
                {s.text}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function Banner() {
  return (
    <Container size="xl" py={{ base: 48, md: 80 }}>
      <Paper radius="xl" p={{ base: 'xl', md: 56 }} bg="indigo.8" c="white">
        <Group justify="space-between" gap="xl">
          <Stack gap={6} maw={620}>
            <Title order={2} c="white" fz={{ base: 24, sm: 30 }}>
              Ready to retire the paper timesheets?
            </Title>
            <Text c="indigo.0">
              Set up your company today. Your first time station is running in minutes.
            </Text>
          </Stack>
          <Button component={Link} to="/SignUp" size="lg" variant="white" color="indigo">
            Sign Up for Free
          </Button>
        </Group>
      </Paper>
    </Container>
  );
}

export default function Home() {
  const [clockOpen, clock] = useDisclosure(false);
  // Mounted from the first opening on, so that closing it animates.
  const [clockUsed, setClockUsed] = useState(false);
  const openClock = () => {
    setClockUsed(true);
    clock.open();
  };
  return (
    <>
      <Hero onClock={openClock} />
      <Features />
      <Steps />
      <Banner />
      {clockUsed && (
        <Suspense fallback={null}>
          <ClockModal opened={clockOpen} onClose={clock.close} />
        </Suspense>
      )}
    </>
  );
}
