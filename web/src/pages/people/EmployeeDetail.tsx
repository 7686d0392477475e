import { Alert, Badge, Button, Grid, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { DATE_FORMATS, EDIT_PUNCH_PARAM, messages, RATES_SINCE } from '@punchclock/contract';
import { useDisclosure } from '@mantine/hooks';
import { IconCoin, IconHandFinger } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError, messageOf } from '../../api/client';
import { type EmployeeView, useCustomFields, useEmployee, useEmployeeRates } from '../../api/people';
import { useSettings } from '../../api/settings';
import { formatDate } from '../punches/display-format';
import { AppPage } from '../../components/AppPage';
import { DayWhyCard } from '../pay-rules/DayWhyCard';
import { PunchTable } from '../punches/PunchTable';
import { BadgeCard } from './BadgeCard';
import { CorrectRateModal } from './CorrectRateModal';
import { EmployeeScheduleCard } from './EmployeeScheduleCard';
import { useRateText } from './download';
import { PERMISSION_GROUPS } from './PermissionGroups';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      {/* Narrower on a phone, so a value (the permission badges) keeps room for its words. */}
      <Table.Th w={{ base: 110, sm: 180 }}>{label}</Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

/** Every permission that is on, by its form label. */
function PermissionBadges({ e }: { e: EmployeeView }) {
  const on = PERMISSION_GROUPS.flatMap((g) =>
    e[g.parent] ? [g.label, ...g.children.filter(([f]) => e[f]).map(([, l]) => l)] : [],
  );
  if (on.length === 0)
    return (
      <Text c="dimmed" size="sm">
        None
      </Text>
    );
  return (
    <Group gap={4}>
      {on.map((l) => (
        // Long names ("App Login (Punch at Time Stations)") wrap on a phone instead of ending in an ellipsis.
        <Badge key={l} variant="light" h="auto" py={2} styles={{ label: { whiteSpace: 'normal' } }}>
          {l}
        </Badge>
      ))}
    </Group>
  );
}

function Details({ e }: { e: EmployeeView }) {
  const money = useRateText();
  const fields = useCustomFields();
  // A date field's value is shown in the account's Date Format, as every other date (it is kept as YYYY-MM-DD).
  const dateFormat = useSettings().data?.date_format ?? DATE_FORMATS[0];
  const shown = (type: string, value: string | undefined) =>
    type === 'date' && value ? formatDate(value, dateFormat) : (value ?? '');
  return (
    <Paper withBorder p="md">
      <Table data-testid="employee-details">
        <Table.Tbody>
          <Row label="Name">{e.name}</Row>
          <Row label="Employee ID">{e.employee_id}</Row>
          <Row label="Title">{e.title}</Row>
          <Row label="Email">{e.email}</Row>
          <Row label="Department">{e.department_name || messages.employees.unknownDepartment}</Row>
          <Row label="Hourly Rate">{money(e.hourly_rate)}</Row>
          <Row label="Permissions">
            <PermissionBadges e={e} />
          </Row>
          {(fields.data ?? []).map((f) => (
            <Row key={f.id} label={f.field_name}>
              {shown(f.field_type, e.custom_fields?.[String(f.id)])}
            </Row>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/**
 * The employee's hourly rates by the day each took effect, newest first: shown once the rate has changed (each
 * day of a report is paid at its day's rate). The oldest row is the rate before the first change.
 */
function RateHistory({ id }: { id: number }) {
  const rates = useEmployeeRates(id);
  const money = useRateText();
  const dateFormat = useSettings().data?.date_format ?? DATE_FORMATS[0];
  if (!rates.data?.length) return null;
  return (
    <Paper withBorder p="md">
      <Title order={2} fz="h4" mb="sm">
        {messages.employees.rateHistory}
      </Title>
      <Table data-testid="rate-history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Paid From</Table.Th>
            <Table.Th>Hourly Rate</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rates.data.map((r, i) => (
            <Table.Tr key={r.effective_from}>
              <Table.Td>
                {/* The oldest rate was paid until the first change (the row above it). */}
                {r.effective_from === RATES_SINCE && i > 0
                  ? messages.employees.rateBefore(formatDate(rates.data[i - 1].effective_from, dateFormat))
                  : formatDate(r.effective_from, dateFormat)}
              </Table.Td>
              <Table.Td>{money(r.hourly_rate)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** /Employee/:id: who the employee is, their badge card and their punches. */
export default function EmployeeDetail() {
  const id = Number(useParams().id);
  // The dashboard's Fix of a forgotten clock-out names the open punch to edit.
  const editPunch = Number(useSearchParams()[0].get(EDIT_PUNCH_PARAM)) || undefined;
  const employee = useEmployee(Number.isInteger(id) ? id : 0);
  const [correcting, correct] = useDisclosure(false);
  const notFound = !(id > 0) || (employee.error instanceof ApiError && employee.error.status === 404);
  if (notFound) {
    return (
      <AppPage title="Employee Details">
        <Alert color="red" title={messages.employees.notFound}>
          {messages.employees.notFound}
        </Alert>
      </AppPage>
    );
  }
  const e = employee.data;
  const actions = (
    <Group gap="xs">
      {/* A deleted employee is not edited, but their rate pays their days still in reports. */}
      {e?.deleted_at && (
        <Button variant="default" leftSection={<IconCoin size={16} />} onClick={correct.open}>
          Correct Hourly Rate
        </Button>
      )}
      {!e?.deleted_at && (
        <Button component={Link} to={`/ManualPunch/${id}`} leftSection={<IconHandFinger size={16} />}>
          Manual Punch
        </Button>
      )}
    </Group>
  );
  return (
    <AppPage
      title={e?.name ?? 'Employee Details'}
      description={e?.deleted_at ? 'Deleted employee' : undefined}
      actions={e && actions}
      size="xl"
    >
      {employee.isLoading && <Loader />}
      {employee.isError && (
        <Alert color="red">{messageOf(employee.error, messages.employees.fetchFailed)}</Alert>
      )}
      {e?.deleted_at && correcting && (
        <CorrectRateModal employee={e} opened={correcting} onClose={correct.close} />
      )}
      {e && (
        <Stack gap="xl">
          <Grid>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack>
                <Details e={e} />
                <RateHistory id={id} />
                <DayWhyCard employee={id} />
                {!e.deleted_at && <EmployeeScheduleCard employee={e} />}
              </Stack>
            </Grid.Col>
            {/* A deleted employee's badge no longer punches: no card to print or regenerate. */}
            {!e.deleted_at && (
              <Grid.Col span={{ base: 12, md: 5 }}>
                <BadgeCard employee={e} />
              </Grid.Col>
            )}
          </Grid>
          <Stack gap="sm">
            <Title order={2} fz="h3">
              Punches
            </Title>
            <PunchTable employeeId={id} editPunchId={editPunch} />
          </Stack>
        </Stack>
      )}
    </AppPage>
  );
}
