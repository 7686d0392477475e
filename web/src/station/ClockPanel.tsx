import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { messages, type StationMeAnswer } from '@punchclock/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { type ClockState, elapsedText } from './clock-controller';
import { wallClockText } from './clock-text';
import { PinPad } from './PinPad';
import { type Confirmation, useClockFlow } from './useClockFlow';
import { useTick } from './useTick';

export { STATION_IDLE_RESET_MS, CONFIRMATION_CLEAR_MS } from './useClockFlow';

type Settings = StationMeAnswer['settings'] | null;

// The health screening's dialog (Mantine's Modal, focus trap, scroll lock, radios: ~30 kB gzip) loads when an
// account that asks it has a station open, not with every station's first load (docs/PERFORMANCE.md); the service
// worker precaches it with the station's other chunks, so it opens offline too.
const loadScreening = () => import('./ScreeningModal');
const ScreeningModal = lazy(() => loadScreening().then((m) => ({ default: m.ScreeningModal })));

/** A punch's time on the account's clock and Time Format, as the station's wall clock shows time. */
const punchTime = (iso: string, settings: Settings) =>
  wallClockText(new Date(iso), settings?.time_zone, settings?.time_format);

/** The confirmation's words before the punch's time. */
const CONFIRMED = {
  in: 'Clocked in at ',
  out: 'Clocked out at ',
  break_start: 'Break started at ',
  break_end: 'Break ended at ',
} as const;

/** The employee once identified (after their PIN, where they use one): name, status, and the time on the clock. */
function EmployeeCard({
  state,
  confirmation,
  settings,
}: {
  state: ClockState;
  confirmation: Confirmation | null;
  settings: Settings;
}) {
  const now = useTick(state.clockedIn);
  const onBreak = state.clockedIn && !!state.breakStartTime;
  return (
    <Paper withBorder p="sm" radius="md" aria-live="polite" data-testid="employee-card">
      <Group justify="space-between">
        <Text fw={600}>{state.employee?.name}</Text>
        <Badge color={onBreak ? 'yellow' : state.clockedIn ? 'teal' : 'gray'}>
          {onBreak ? 'On break' : state.clockedIn ? 'Clocked in' : 'Not clocked in'}
        </Badge>
      </Group>
      {confirmation && (
        <Text fw={600} mt={4} data-testid="punch-time">
          {CONFIRMED[confirmation.kind]}
          {punchTime(confirmation.at, settings)}
        </Text>
      )}
      {!confirmation && state.clockedIn && state.clockInTime && (
        <Text size="sm" c="dimmed" mt={4}>
          In since {punchTime(state.clockInTime, settings)}
        </Text>
      )}
      {state.clockedIn && state.clockInTime && (
        <Text size="xl" fw={700} data-testid="elapsed-timer">
          {elapsedText(state.clockInTime, now)}
        </Text>
      )}
      {onBreak && state.breakStartTime && (
        <Text fw={600} c="yellow.9" data-testid="break-timer">
          On break since {punchTime(state.breakStartTime, settings)}: {elapsedText(state.breakStartTime, now)}
        </Text>
      )}
      {confirmation?.total && (
        <Text size="lg" fw={600} data-testid="shift-total">
          {confirmation.total}
        </Text>
      )}
    </Paper>
  );
}

/**
 * The 'Clock In and Out' panel of a station (and of the home page's dialog on a paired browser): an Employee ID
 * (or a scanned badge), the PIN as its own step where the employee uses one, then the employee with the one
 * action that fits them, and a confirmation with the punch's time that clears itself.
 */
export function ClockPanel({
  settings,
  scanned,
  onPunched,
  synced = false,
}: {
  settings: Settings;
  scanned?: string | null;
  onPunched?: () => void;
  /** The station is online with nothing waiting to send: a "no connection" notice no longer holds. */
  synced?: boolean;
}) {
  const flow = useClockFlow({ settings, scanned, onPunched, synced });
  const { phase, state, busy, notice } = flow;
  // Mounted from the first time it is needed on (so its closing transition still plays).
  const [screeningUsed, setScreeningUsed] = useState(false);
  if (flow.screening && !screeningUsed) setScreeningUsed(true);
  // Fetched ahead once the account is known to ask it: the dialog opens without a wait at the clock-in.
  const asksScreening = !!settings?.enable_covid_screening;
  useEffect(() => {
    if (asksScreening) void loadScreening().catch(() => undefined);
  }, [asksScreening]);
  return (
    <Stack gap="sm">
      <TextInput
        ref={flow.inputRef}
        label="Employee ID"
        placeholder="Type your Employee ID or scan your badge"
        value={flow.input}
        size="lg"
        autoComplete="off"
        onChange={(e) => flow.typeId(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') flow.submitId();
        }}
      />
      {phase === 'id' && (
        <Button size="lg" loading={busy} disabled={!flow.input.trim()} onClick={flow.submitId}>
          Continue
        </Button>
      )}
      {phase === 'pin' && (
        <>
          <Text ta="center" fw={600}>
            Enter your PIN
          </Text>
          <PinPad value={flow.pin} onChange={flow.setPin} onSubmit={flow.submitPin} />
          <Group grow>
            <Button size="lg" variant="default" onClick={flow.cancel}>
              Cancel
            </Button>
            <Button size="lg" loading={busy} disabled={!flow.pin} onClick={flow.submitPin}>
              Continue
            </Button>
          </Group>
        </>
      )}
      {(phase === 'ready' || phase === 'done') && state?.employee && (
        <EmployeeCard
          state={state}
          confirmation={phase === 'done' ? flow.confirmation : null}
          settings={settings}
        />
      )}
      {phase === 'ready' && flow.forgotten && (
        <Paper withBorder p="md" data-testid="forgotten-question">
          <Stack gap="sm">
            <Text fw={600}>{flow.forgotten.text}</Text>
            <TextInput
              type="time"
              size="lg"
              label={messages.forgotten.leftAt}
              value={flow.leftTime}
              onChange={(e) => flow.setLeftTime(e.currentTarget.value)}
            />
            <Group grow>
              <Button size="lg" variant="default" disabled={busy} onClick={flow.skipForgotten}>
                {messages.forgotten.skip}
              </Button>
              <Button size="lg" loading={busy} disabled={!flow.leftTime} onClick={flow.answerForgotten}>
                {messages.forgotten.send}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {phase === 'ready' && !flow.forgotten && state?.clockedIn && (
        <Button
          size="lg"
          variant="light"
          color={state.breakStartTime ? 'teal' : 'yellow'}
          loading={busy}
          onClick={state.breakStartTime ? flow.endBreak : flow.startBreak}
        >
          {state.breakStartTime ? 'End Break' : 'Start Break'}
        </Button>
      )}
      {phase === 'ready' && !flow.forgotten && state && (
        <Group grow>
          <Button size="lg" variant="default" onClick={flow.cancel}>
            Cancel
          </Button>
          <Button size="lg" color={state.clockedIn ? 'red' : 'teal'} loading={busy} onClick={flow.punch}>
            {state.clockedIn ? 'Clock Out' : 'Clock In'}
          </Button>
        </Group>
      )}
      {phase === 'done' && flow.confirmation && !flow.confirmation.offline && (
        <Alert color="green" role="status">
          {flow.confirmation.message}
        </Alert>
      )}
      {notice && (
        <Alert color={notice.color} role="status">
          {notice.text}
        </Alert>
      )}
      {(flow.screening || screeningUsed) && (
        <Suspense fallback={null}>
          <ScreeningModal
            opened={flow.screening}
            onCancel={flow.cancelScreening}
            onDone={flow.answerScreening}
          />
        </Suspense>
      )}
    </Stack>
  );
}
