import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { messages, type StationMeAnswer } from '@punchclock/contract';
import { useEffect, useRef, useState } from 'react';
import {
  checkEmployee,
  clockErrorMessage,
  type ClockState,
  elapsedText,
  getPosition,
  identityOf,
  LOCATION_REQUIRED,
  punch,
  totalText,
} from './clock-controller';
import { PinPad } from './PinPad';
import { ScreeningModal } from './ScreeningModal';
import { isBadge } from './station-api';
import { useTick } from './useTick';

type Notice = { color: 'green' | 'red' | 'yellow' | 'blue'; text: string } | null;

/**
 * A station is shared: this long after the last thing typed, scanned or answered, the panel forgets the employee
 * and clears its messages, so the next person starts from an empty screen (a walked-away ID is not left there).
 */
export const STATION_IDLE_RESET_MS = 20_000;

/**
 * The 'Clock In and Out' panel of spec §2.4 and §4: Employee ID (or a scanned badge), PIN when the
 * employee uses one, Clock In / Clock Out, the elapsed timer while in and the total after clocking out.
 */
export function ClockPanel({
  settings,
  scanned,
  onPunched,
  synced = false,
}: {
  settings: StationMeAnswer['settings'] | null;
  scanned?: string | null;
  onPunched?: () => void;
  /** The station is online with nothing waiting to send: a "no connection" notice no longer holds. */
  synced?: boolean;
}) {
  const [input, setInput] = useState('');
  // A scanned badge token identifies the employee; the field then shows their Employee ID, not the token.
  const [badge, setBadge] = useState<string | null>(null);
  const [pin, setPin] = useState('');
  const [state, setState] = useState<ClockState | null>(null);
  const [checkedFor, setCheckedFor] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [total, setTotal] = useState<string | null>(null);
  const [screening, setScreening] = useState(false);
  // The server refused whom was entered (unknown, inactive, no App Login): no punch until something else is entered.
  const [refused, setRefused] = useState(false);
  const now = useTick(!!state?.clockedIn);
  const inputRef = useRef<HTMLInputElement>(null);

  const identity = () => (badge ? identityOf(badge) : identityOf(input, pin));
  const identified = !!badge || input.trim() !== '';

  /** Who is punching: the typed ID, the scanned badge and the PIN. */
  const forgetWho = () => {
    setInput('');
    setBadge(null);
    setPin('');
    setCheckedFor('');
    setRefused(false);
  };
  /** That, and what the screen shows of them. */
  const forget = () => {
    forgetWho();
    setState(null);
    setTotal(null);
    setNotice(null);
  };
  // Back online with the queue sent, the yellow "no connection" notice (an offline punch or check) is no longer
  // true: it goes at once rather than at the idle reset. The card and its timer or total stay.
  useEffect(() => {
    if (synced) setNotice((n) => (n?.color === 'yellow' ? null : n));
  }, [synced]);
  // Any change restarts the wait; nothing left on screen outlives it.
  useEffect(() => {
    if (!identified && !state && !notice) return;
    const timer = setTimeout(forget, STATION_IDLE_RESET_MS);
    return () => clearTimeout(timer);
  }, [input, badge, pin, state, notice, total]);

  async function identify(text: string, withPin = ''): Promise<ClockState | null> {
    if (!text.trim()) {
      setNotice({ color: 'red', text: messages.clock.invalidEmployeeId });
      return null;
    }
    try {
      const s = await checkEmployee(identityOf(text, withPin));
      setRefused(false);
      const shown = s.employee && isBadge(text) ? s.employee.employee_id : text.trim();
      setState(s);
      setInput(shown);
      setCheckedFor(shown);
      setTotal(null);
      setNotice(
        s.offline
          ? { color: 'yellow', text: "No connection: working from this station's saved data." }
          : null,
      );
      return s;
    } catch (e) {
      setState(null);
      setRefused(true);
      setNotice({ color: 'red', text: clockErrorMessage(e, 'check') });
      return null;
    }
  }

  // A scanned badge identifies the employee at once.
  useEffect(() => {
    if (scanned) {
      setBadge(scanned);
      setPin('');
      void identify(scanned);
    }
  }, [scanned]);

  async function doPunch(kind: 'in' | 'out', answers?: Record<string, string>) {
    setBusy(true);
    try {
      let s = state;
      if (!s || checkedFor !== input.trim()) s = await identify(badge ?? input, pin);
      if (!s) return;
      if (kind === 'in' && s.clockedIn) {
        setNotice({ color: 'red', text: messages.clock.alreadyClockedIn });
        return;
      }
      if (kind === 'in' && settings?.enable_covid_screening && !answers) {
        setScreening(true);
        return;
      }
      const position =
        settings?.enable_gps_tracking || settings?.require_location ? await getPosition() : null;
      if (settings?.require_location && !position) {
        setNotice({ color: 'red', text: LOCATION_REQUIRED });
        return;
      }
      const outcome = await punch(kind, identity(), position ?? undefined, answers);
      // The result stays on screen (the card, its timer or total) until the idle reset, but who punched is
      // forgotten at once: the next punch, theirs or anyone's, starts again from an ID (and PIN) or a badge.
      setState({
        ...s,
        clockedIn: kind === 'in',
        clockInTime: kind === 'in' ? (outcome.clockInTime ?? new Date().toISOString()) : null,
      });
      forgetWho();
      setTotal(kind === 'out' && outcome.total ? totalText(outcome.total) : null);
      setNotice({ color: outcome.offline ? 'yellow' : 'green', text: outcome.message });
      inputRef.current?.focus();
      onPunched?.();
    } catch (e) {
      const text = clockErrorMessage(e, kind);
      if (text === messages.clock.alreadyClockedIn && state) setState({ ...state, clockedIn: true });
      // A refused PIN is typed again from an empty pad (the wrong digits must not go with the next try).
      setPin('');
      setNotice({ color: 'red', text });
    } finally {
      setBusy(false);
    }
  }

  const showPin = !!state?.needsPin && identified;
  return (
    <Stack gap="sm">
      <TextInput
        ref={inputRef}
        label="Employee ID"
        placeholder="Type your Employee ID or scan your badge"
        value={input}
        size="lg"
        autoComplete="off"
        onChange={(e) => {
          setInput(e.currentTarget.value);
          setBadge(null);
          setPin('');
          setRefused(false);
          setState(null);
          setTotal(null);
          setNotice(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void identify(input, pin);
        }}
        onBlur={() => {
          if (input.trim() && checkedFor !== input.trim()) void identify(badge ?? input, pin);
        }}
      />
      {showPin && <PinPad value={pin} onChange={setPin} />}
      <Group grow>
        <Button
          size="lg"
          color="teal"
          loading={busy}
          disabled={!identified || refused || !!state?.clockedIn || (showPin && pin.length === 0)}
          onClick={() => void doPunch('in')}
        >
          Clock In
        </Button>
        <Button
          size="lg"
          color="red"
          loading={busy}
          disabled={!identified || refused || !state?.clockedIn || (showPin && pin.length === 0)}
          onClick={() => void doPunch('out')}
        >
          Clock Out
        </Button>
      </Group>
      {state?.employee && (
        <Paper withBorder p="sm" radius="md" aria-live="polite">
          <Group justify="space-between">
            <Text fw={600}>{state.employee.name}</Text>
            <Badge color={state.clockedIn ? 'teal' : 'gray'}>
              {state.clockedIn ? 'Clocked in' : 'Not clocked in'}
            </Badge>
          </Group>
          {state.clockedIn && state.clockInTime && (
            <Text size="xl" fw={700} data-testid="elapsed-timer">
              {elapsedText(state.clockInTime, now)}
            </Text>
          )}
          {total && (
            <Text size="lg" fw={600} data-testid="shift-total">
              {total}
            </Text>
          )}
        </Paper>
      )}
      {notice && (
        <Alert color={notice.color} role="status">
          {notice.text}
        </Alert>
      )}
      <ScreeningModal
        opened={screening}
        onCancel={() => setScreening(false)}
        onDone={(a) => {
          setScreening(false);
          void doPunch('in', a);
        }}
      />
    </Stack>
  );
}
