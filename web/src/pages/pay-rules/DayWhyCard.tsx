import { Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { isoDate } from '@punchclock/contract';
import { type FormEvent, useState } from 'react';
import { useCurrentUser } from '../../api/auth';
import { todayIn } from '../reports/periods';
import { DayWhy } from './DayWhy';

/**
 * "Pay of a day" on the employee detail page: pick a day, see its why (raw punches, each pay step, the totals).
 * Nothing is asked until a day is chosen.
 */
export function DayWhyCard({ employee }: { employee: number }) {
  const zone = useCurrentUser().data?.time_zone;
  const [draft, setDraft] = useState(() => todayIn(zone));
  const [shown, setShown] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The server's own check of a day (contract isoDate), said before the request.
    const parsed = isoDate.safeParse(draft);
    const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
    setError(problem);
    if (!problem) setShown(draft);
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="day-why-title">
      <Title order={2} fz="h4" mb="sm" id="day-why-title">
        Pay of a day
      </Title>
      <Group component="form" onSubmit={submit} align="flex-start" gap="xs" mb="sm">
        <TextInput
          type="date"
          label="Day"
          value={draft}
          error={error}
          onChange={(e) => setDraft(e.currentTarget.value)}
        />
        <Button type="submit" variant="light" mt={25}>
          Show the why
        </Button>
      </Group>
      {shown ? (
        <DayWhy employee={employee} date={shown} />
      ) : (
        <Text fz="sm" c="dimmed">
          Choose a day to see its punches, each pay rule applied in order, and its totals.
        </Text>
      )}
    </Paper>
  );
}
