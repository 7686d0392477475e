import {
  Box,
  Button,
  Grid,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBriefcase, IconCircleCheck, IconQrcode, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PublicPage } from './PublicHero';
import { StationPreview } from './StationPreview';

const EMPLOYEE_STEPS = [
  'Get a badge with your personal QR code from your manager.',
  'Scan it at any time station, or type your Employee ID and PIN.',
  'See your hours, activity and earnings in your own dashboard.',
  'Forgot to punch? Add a manual punch and your manager sees it.',
];

const MANAGER_STEPS = [
  'See at a glance who is in, who is out and since when.',
  'Fix a forgotten clock-out or add a punch for an employee.',
  'Run attendance, daily summary and department reports.',
  'Export hours to Excel or PDF for payroll.',
];

function Audience({ icon, title, steps }: { icon: ReactNode; title: string; steps: string[] }) {
  return (
    <Paper withBorder radius="lg" p="xl" h="100%">
      <Group mb="md">
        <ThemeIcon size={44} radius="md" variant="light">
          {icon}
        </ThemeIcon>
        <Title order={2} fz="xl">
          {title}
        </Title>
      </Group>
      <List type="ordered" spacing="sm">
        {steps.map((s) => (
          <List.Item key={s}>{s}</List.Item>
        ))}
      </List>
    </Paper>
  );
}

/** A phone outline with a drawn screen, standing in for app screenshots. */
function Phone({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <Stack align="center" gap="sm">
      <Box
        w={200}
        h={380}
        p={10}
        bg="dark.8"
        style={{ borderRadius: 32 }}
        role="img"
        aria-label={`App screen: ${caption}`}
      >
        <Stack
          h="100%"
          bg="white"
          style={{ borderRadius: 24 }}
          align="center"
          justify="center"
          p="md"
          gap="sm"
        >
          {children}
        </Stack>
      </Box>
      <Text fw={600}>{caption}</Text>
    </Stack>
  );
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '', '0', ''];

function AppScreens() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
      <Phone caption="Scan your badge">
        <Box p="md" style={{ border: '3px dashed var(--mantine-color-indigo-4)', borderRadius: 16 }}>
          <IconQrcode size={72} color="var(--mantine-color-indigo-6)" />
        </Box>
        <Text fz="sm" c="dimmed" ta="center">
          Hold your card up to the camera
        </Text>
      </Phone>
      <Phone caption="Or type your PIN">
        <Text fw={700} fz="lg" lts={8}>
          • • • •
        </Text>
        <SimpleGrid cols={3} spacing={6} verticalSpacing={6}>
          {KEYS.map((k, i) => (
            <Box
              key={i}
              w={40}
              h={34}
              bg={k ? 'gray.1' : undefined}
              style={{ borderRadius: 8, display: 'grid', placeItems: 'center' }}
              fw={600}
            >
              {k}
            </Box>
          ))}
        </SimpleGrid>
      </Phone>
      <Phone caption="You are clocked in">
        <IconCircleCheck size={72} color="var(--mantine-color-green-6)" />
        <Text fw={700}>Maria Lopez</Text>
        <Text fz="sm" c="dimmed">
          In at 08:02
        </Text>
      </Phone>
    </SimpleGrid>
  );
}

const REPORT = [
  ['Maria Lopez', 'Front Desk', '39.50'],
  ['James Carter', 'Warehouse', '41.25'],
  ['Aisha Khan', 'Kitchen', '36.00'],
];

function SampleReport() {
  return (
    <Paper withBorder radius="lg" p="lg" shadow="md" role="img" aria-label="Sample weekly hours report">
      <Text fw={700} mb="sm">
        Weekly hours · Sample
      </Text>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Department</Table.Th>
            <Table.Th ta="right">Hours</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {REPORT.map(([name, dept, hours]) => (
            <Table.Tr key={name}>
              <Table.Td>{name}</Table.Td>
              <Table.Td>{dept}</Table.Td>
              <Table.Td ta="right">{hours}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

export default function HowItWorks() {
  return (
    <PublicPage
      eyebrow="How it works"
      title="From badge to payroll in one place"
      intro={
        <>
          Employees punch in seconds. Managers see the whole day as it happens, and the reports are ready when
          payroll is.
        </>
      }
    >
      <Stack gap={64}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Audience icon={<IconUser size={24} />} title="What next for employees" steps={EMPLOYEE_STEPS} />
          <Audience icon={<IconBriefcase size={24} />} title="What next for managers" steps={MANAGER_STEPS} />
        </SimpleGrid>

        <section>
          <Title order={2} ta="center" mb="xl">
            Sample screens
          </Title>
          <Grid gap="xl" align="center">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <StationPreview />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <SampleReport />
            </Grid.Col>
          </Grid>
        </section>

        <section>
          <Title order={2} ta="center" mb="xl">
            The app
          </Title>
          <AppScreens />
        </section>

        <Group justify="center">
          <Button component={Link} to="/SignUp" size="lg">
            Create your free account
          </Button>
          <Button component={Link} to="/Download" size="lg" variant="default">
            Get the app
          </Button>
        </Group>
      </Stack>
    </PublicPage>
  );
}
