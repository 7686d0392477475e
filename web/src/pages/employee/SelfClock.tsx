import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { elapsedText, messages } from '@punchclock/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../../api/auth';
import { ApiError, messageOf } from '../../api/client';
import { breakOwn, checkOwnEmployee, clockOwn } from '../../api/self-service';
import { notifyError, notifySuccess } from '../../components/notify';
import { getPosition, totalText } from '../../station/clock-text';
import { ScreeningModal } from '../../station/ScreeningModal';
import { ownEmployeeCode } from '../punches/punch-values';
import { useTick } from '../../station/useTick';

const LOCATION_NEEDED =
  'Your employer requires your location to punch in or out. Please allow location access in your browser and try again.';

/**
 * Clock In and Clock Out from the employee's own login (Site Login with Punch In/Out). The server
 * only lets this login punch its own employee; position and screening follow the account settings
 * exactly as at a station.
 */
export function SelfClock() {
  const user = useCurrentUser().data;
  const allowed = !!user?.permissions?.permission_site && !!user.permissions.punch_in_out;
  const code = ownEmployeeCode();
  const qc = useQueryClient();
  const state = useQuery({
    queryKey: ['self-clock'],
    queryFn: () => checkOwnEmployee(code),
    enabled: allowed && !!code,
  });
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [total, setTotal] = useState<string | null>(null);
  const clockedIn = !!state.data?.clocked_in;
  const now = useTick(clockedIn);
  if (!allowed || !user) return null;
  const settings = user.clock_settings;

  async function punch(kind: 'in' | 'out', screening?: Record<string, string>) {
    setBusy(true);
    try {
      const position =
        settings?.enable_gps_tracking || settings?.require_location ? await getPosition() : null;
      if (!position && settings?.require_location) return notifyError(LOCATION_NEEDED);
      const body = {
        employee_id: code,
        client_id: crypto.randomUUID(),
        ...(position ?? {}),
        ...(screening ? { screening } : {}),
      };
      const answer = await clockOwn(kind, body);
      notifySuccess(answer.message);
      const out = 'total_minutes' in answer ? answer : null;
      setTotal(
        out && out.hours !== null && out.minutes !== null && out.total_minutes !== null
          ? totalText({ hours: out.hours, minutes: out.minutes, total_minutes: out.total_minutes })
          : null,
      );
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['self-clock'] }),
        qc.invalidateQueries({ queryKey: ['punches'] }),
      ]);
    } catch (e) {
      notifyError(
        e instanceof ApiError && e.code === 'punch.shift_open'
          ? messages.clock.alreadyClockedIn
          : messageOf(e, kind === 'in' ? messages.clock.clockInFailed : messages.clock.clockOutFailed),
      );
    } finally {
      setBusy(false);
    }
  }

  /** Start Break / End Break inside the open shift (docs/RULES.md#breaks-at-the-clock). */
  async function takeBreak(kind: 'start' | 'end') {
    setBusy(true);
    try {
      const position =
        settings?.enable_gps_tracking || settings?.require_location ? await getPosition() : null;
      if (!position && settings?.require_location) return notifyError(LOCATION_NEEDED);
      const answer = await breakOwn(kind, {
        employee_id: code,
        client_id: crypto.randomUUID(),
        ...(position ?? {}),
      });
      notifySuccess(answer.message);
      setTotal(null);
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['self-clock'] }),
        qc.invalidateQueries({ queryKey: ['punches'] }),
      ]);
    } catch (e) {
      notifyError(
        messageOf(e, kind === 'start' ? messages.clock.breakStartFailed : messages.clock.breakEndFailed),
      );
    } finally {
      setBusy(false);
    }
  }

  const onBreak = clockedIn && !!state.data?.break_start_time;
  const clockIn = () => (settings?.enable_covid_screening ? setAsking(true) : void punch('in'));
  return (
    <Stack gap="xs" mt="md">
      {state.isError && <Alert color="red">{messageOf(state.error, messages.clock.validateFailed)}</Alert>}
      <Group>
        <Button
          onClick={clockIn}
          loading={busy && !clockedIn}
          disabled={clockedIn || busy || state.isPending}
        >
          Clock In
        </Button>
        <Button
          onClick={() => void punch('out')}
          loading={busy && clockedIn}
          disabled={!clockedIn || busy}
          color="orange"
        >
          Clock Out
        </Button>
        {clockedIn && (
          <Button
            variant="light"
            color={onBreak ? 'teal' : 'yellow'}
            onClick={() => void takeBreak(onBreak ? 'end' : 'start')}
            disabled={busy}
          >
            {onBreak ? 'End Break' : 'Start Break'}
          </Button>
        )}
      </Group>
      {clockedIn && state.data?.clock_in_time && (
        <Text size="sm" data-testid="self-elapsed">
          {elapsedText(state.data.clock_in_time, now)}
        </Text>
      )}
      {onBreak && state.data?.break_start_time && (
        <Text size="sm" fw={600} c="yellow.9" data-testid="self-break">
          On break: {elapsedText(state.data.break_start_time, now)}
        </Text>
      )}
      {total && (
        <Text size="sm" data-testid="self-total">
          {total}
        </Text>
      )}
      <ScreeningModal
        opened={asking}
        onCancel={() => setAsking(false)}
        onDone={(answers) => {
          setAsking(false);
          void punch('in', answers);
        }}
      />
    </Stack>
  );
}
