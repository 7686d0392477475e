import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { messages, ROLL_CALL_TEXT } from '@punchclock/contract';
import { useState } from 'react';
import { messageOf } from '../../api/client';
import { type RollCallAnswer, type RollCallGroup, useRollCall } from '../../api/roll-call';
import { AppPage } from '../../components/AppPage';
import './roll-call.css';
import { ScrollTable } from '../../components/ScrollTable';

/** One group (a location or a department): its name and count, then each person and the time they came in. */
function GroupSheet({
  group,
  by,
  answer,
}: {
  group: RollCallAnswer['groups'][number];
  by: RollCallGroup;
  answer: RollCallAnswer;
}) {
  return (
    <Paper withBorder p="md" radius="md" className="pc-roll-call-group" data-testid="roll-call-group">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h3">
          {group.name}
        </Title>
        <Badge size="lg" variant="light">
          {group.count} on site
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="xs">
        Roll call of {answer.generated_at_text} ({answer.time_zone})
      </Text>
      {/* On a phone the table scrolls inside its own box, not the whole page (320 px wide at the narrowest). */}
      <ScrollTable
        minWidth={480}
        striped
        withTableBorder
        columns={['Name', 'Employee ID', by === 'location' ? 'Department' : 'Location', 'Time In', 'Safe']}
      >
        {group.people.map((p) => (
          <Table.Tr key={p.employee_ref}>
            <Table.Td>{p.name}</Table.Td>
            <Table.Td>{p.employee_id}</Table.Td>
            <Table.Td>{by === 'location' ? p.department : p.location}</Table.Td>
            <Table.Td>{p.time_in_text}</Table.Td>
            {/* A box to tick on paper. */}
            <Table.Td aria-label="Safe">☐</Table.Td>
          </Table.Tr>
        ))}
      </ScrollTable>
    </Paper>
  );
}

const GROUPINGS: [RollCallGroup, string][] = [
  ['location', 'By location'],
  ['department', 'By department'],
];

/** /RollCall: who is on site now, by location or department, ready to print one page per group. */
export default function RollCallPage() {
  const [by, setBy] = useState<RollCallGroup>('location');
  const rollCall = useRollCall(by);
  const answer = rollCall.data;
  return (
    <AppPage
      title="Roll Call"
      description="Everyone clocked in now, with the time they came in. Print it in an emergency."
      actions={
        <Group className="pc-no-print">
          <Group gap={4} role="group" aria-label="Group by">
            {GROUPINGS.map(([value, label]) => (
              <Button
                key={value}
                variant={by === value ? 'filled' : 'default'}
                aria-pressed={by === value}
                onClick={() => setBy(value)}
              >
                {label}
              </Button>
            ))}
          </Group>
          <Button onClick={() => window.print()} disabled={!answer || answer.count === 0}>
            Print
          </Button>
        </Group>
      }
    >
      <div data-roll-call>
        {rollCall.isLoading && <Loader aria-label="Loading" />}
        {rollCall.isError && (
          <Alert color="red" role="alert">
            {messageOf(rollCall.error, messages.general.genericError)}
          </Alert>
        )}
        {answer && answer.count === 0 && (
          <Alert color="gray" data-testid="roll-call-empty">
            {ROLL_CALL_TEXT.nobody}
          </Alert>
        )}
        {answer && answer.count > 0 && (
          <Stack>
            <Text className="pc-no-print" data-testid="roll-call-total">
              {answer.count === 1 ? '1 person' : `${answer.count} people`} on site in {answer.groups.length}{' '}
              {by === 'location'
                ? answer.groups.length === 1
                  ? 'location'
                  : 'locations'
                : answer.groups.length === 1
                  ? 'department'
                  : 'departments'}
              .
            </Text>
            {answer.groups.map((g) => (
              <GroupSheet key={g.name} group={g} by={by} answer={answer} />
            ))}
          </Stack>
        )}
      </div>
    </AppPage>
  );
}
