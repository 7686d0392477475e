import { Alert, Badge, Button, Checkbox, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { ROLL_CALL_TEXT, type RollCallAnswer } from '@punchclock/contract';
import { useEffect, useState } from 'react';
import { clearSafe, refreshRollCall, safeTicks, savedRollCall, setSafe } from './roll-call-store';

/**
 * The station's Emergency screen: who was on site at the station's last roll call, by location, each to be
 * ticked off as safe. Built from the copy kept on the device (roll-call-store.ts), so it works offline; read again
 * from the server when it opens online. Ticks stay on this device until cleared.
 */
export default function EmergencyScreen({ onClose }: { onClose: () => void }) {
  const [answer, setAnswer] = useState<RollCallAnswer | null>(savedRollCall);
  const [ticks, setTicks] = useState(safeTicks);
  const [fresh, setFresh] = useState(false);
  const [clearing, setClearing] = useState(false);

  useEffect(() => {
    let live = true;
    refreshRollCall()
      .then((a) => {
        if (!live) return;
        setAnswer(a);
        setFresh(true);
      })
      .catch(() => undefined); // Offline or refused: the copy kept here is what there is.
    return () => {
      live = false;
    };
  }, []);

  const people = answer?.groups.flatMap((g) => g.people) ?? [];
  const safe = people.filter((p) => ticks[p.employee_ref]).length;

  return (
    <Stack data-testid="emergency-screen">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2" c="red.8">
            Emergency roll call
          </Title>
          <Text size="sm" c="dimmed" data-testid="emergency-as-of">
            {answer
              ? `On site at ${answer.generated_at_text} (${answer.time_zone})${fresh ? '' : ', the last roll call this station read'}`
              : 'This station has not read a roll call yet.'}
          </Text>
        </div>
        <Button variant="default" onClick={onClose}>
          Back to the clock
        </Button>
      </Group>
      {!fresh && answer && (
        <Alert color="orange" data-testid="emergency-offline">
          Offline: this is the list from the station&apos;s last sync. People who clocked in or out since may
          be missing or still listed.
        </Alert>
      )}
      {answer && people.length === 0 && <Alert color="gray">{ROLL_CALL_TEXT.nobody}</Alert>}
      {people.length > 0 && (
        <Paper withBorder p="sm" radius="md">
          <Group justify="space-between">
            <Text fw={700} data-testid="emergency-count">
              {safe} of {people.length} marked safe
            </Text>
            <Button color="red" variant="light" size="xs" onClick={() => setClearing(true)}>
              Clear ticks
            </Button>
          </Group>
        </Paper>
      )}
      {answer?.groups.map((g) => (
        <Paper key={g.name} withBorder p="md" radius="md">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              {g.name}
            </Title>
            <Badge variant="light">{g.count} on site</Badge>
          </Group>
          <Stack gap="sm">
            {g.people.map((p) => (
              <Checkbox
                key={p.employee_ref}
                size="lg"
                checked={!!ticks[p.employee_ref]}
                onChange={(e) => setTicks(setSafe(p.employee_ref, e.currentTarget.checked))}
                label={
                  <Text fw={600} td={ticks[p.employee_ref] ? 'line-through' : undefined}>
                    {p.name}
                  </Text>
                }
                description={`${p.employee_id} · ${p.department} · in since ${p.time_in_text}`}
              />
            ))}
          </Stack>
        </Paper>
      ))}
      <Modal opened={clearing} onClose={() => setClearing(false)} title="Clear every tick?" centered>
        <Stack>
          <Text>Everyone on the list is shown as not yet safe again. Do this after the all-clear.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setClearing(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              onClick={() => {
                clearSafe();
                setTicks({});
                setClearing(false);
              }}
            >
              Clear ticks
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
