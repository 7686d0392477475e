import {
  type EmployeeIdentity,
  type ForgottenQuestionAnswer,
  messages,
  type StationMeAnswer,
  type SyncKind,
} from '@punchclock/contract';
import { useEffect, useRef, useState } from 'react';
import {
  clockErrorMessage,
  type ClockState,
  confirmPin,
  getPosition,
  identityOf,
  LOCATION_REQUIRED,
  lookUp,
  punch,
  stateAfter,
  totalText,
} from './clock-controller';
import { forgottenOffline, queueForgottenAnswer } from './forgotten-queue';
import { isBadge, isNetworkError, stationCall, StationApiError } from './station-api';

/**
 * The station's steps, one at a time: who (an Employee ID, or a badge), the PIN where the ID asks one, the
 * employee with the one action that fits them, and the confirmation. Nothing about an employee is shown before
 * their PIN is accepted.
 */
export type ClockPhase = 'id' | 'pin' | 'ready' | 'done';
export type Notice = { color: 'green' | 'red' | 'yellow' | 'blue'; text: string } | null;

/** A punch just taken, as the confirmation shows it. */
export interface Confirmation {
  kind: SyncKind;
  at: string;
  message: string;
  offline: boolean;
  total: string | null;
}

/**
 * A station is shared: this long after the last thing typed, scanned or answered, the panel forgets the employee,
 * so the next person starts from an empty screen (a walked-away ID is not left there).
 */
export const STATION_IDLE_RESET_MS = 20_000;
/** A confirmation is read at a glance; then the screen is the next person's. */
export const CONFIRMATION_CLEAR_MS = 6_000;

export const OFFLINE_LOOKUP = "No connection: working from this station's saved data.";
export const FORGOTTEN_SAVED = messages.forgotten.savedOffline;
export const PIN_CHECKED_LATER =
  'No connection: your PIN is checked when this station is back online. A wrong PIN means no punch.';

const red = (text: string): Notice => ({ color: 'red', text });
/** Codes after which the PIN pad is of no use: another ID (or card) has to be entered. */
const WHO_REFUSED = new Set(['clock.employee_unknown', 'clock.not_allowed', 'clock.badge_invalid']);
const codeOf = (e: unknown) => (e instanceof StationApiError ? e.code : undefined);

export function useClockFlow({
  settings,
  scanned,
  onPunched,
  synced,
}: {
  settings: StationMeAnswer['settings'] | null;
  scanned?: string | null;
  onPunched?: () => void;
  synced: boolean;
}) {
  const [phase, setPhase] = useState<ClockPhase>('id');
  const [input, setInput] = useState('');
  // A scanned badge token identifies the employee; the field then shows their Employee ID, not the token.
  const [badge, setBadge] = useState<string | null>(null);
  const [pin, setPin] = useState('');
  const [state, setState] = useState<ClockState | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [screening, setScreening] = useState(false);
  // A forgotten clock-out the server asks about before the punch (docs/RULES.md#forgotten-clock-outs).
  const [forgotten, setForgotten] = useState<{
    /** The server's question (online), or the station's own (offline: no shift id). */
    question: { text: string; shift_id?: number };
    id: EmployeeIdentity;
  } | null>(null);
  const [leftTime, setLeftTime] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  const reset = () => {
    setPhase('id');
    setInput('');
    setBadge(null);
    setPin('');
    setState(null);
    setConfirmation(null);
    setNotice(null);
    setScreening(false);
    setForgotten(null);
    setLeftTime('');
  };
  // Any change restarts the wait; a confirmation goes sooner.
  useEffect(() => {
    if (phase === 'id' && !input && !notice) return;
    const timer = setTimeout(reset, phase === 'done' ? CONFIRMATION_CLEAR_MS : STATION_IDLE_RESET_MS);
    return () => clearTimeout(timer);
  }, [phase, input, badge, pin, state, notice]);
  // Back online with the queue sent, a yellow "no connection" notice is no longer true.
  useEffect(() => {
    if (synced) setNotice((n) => (n?.color === 'yellow' ? null : n));
  }, [synced]);

  const showReady = (s: ClockState, text: string, id: EmployeeIdentity, offlineNotice = OFFLINE_LOOKUP) => {
    setState(s);
    setPhase('ready');
    if (s.employee && isBadge(text)) setInput(s.employee.employee_id);
    setNotice(s.offline ? { color: 'yellow', text: offlineNotice } : null);
    if (!s.offline && s.clockedIn) void askForgotten(id);
    if (s.offline && s.clockedIn) {
      const own = forgottenOffline(
        s.clockInTime,
        settings?.time_zone ?? 'UTC',
        Date.now(),
        settings?.forgotten_after_minutes,
      );
      setLeftTime('');
      setForgotten(own ? { question: { text: own.text }, id } : null);
    }
  };

  /** Online, an employee whose open shift is a forgotten clock-out is asked when they left (null: nothing). */
  async function askForgotten(id: EmployeeIdentity) {
    try {
      const answer = await stationCall<ForgottenQuestionAnswer>('/api/forgotten-clock-outs/question', id);
      setLeftTime('');
      setForgotten(answer.question ? { question: answer.question, id } : null);
    } catch {
      setForgotten(null);
    }
  }

  /**
   * The answer (a time, or null: skipped): the server sets the forgotten shift aside, so the employee's punch is
   * now a clock-in; the time they gave waits for a manager in Punch issues.
   */
  async function answerForgotten(time: string | null) {
    if (!forgotten || !state) return;
    setBusy(true);
    const asked = forgotten;
    const answered = (text: string, color: 'blue' | 'yellow') => {
      setState({ ...state, clockedIn: false, clockInTime: null, breakStartTime: null });
      setForgotten(null);
      setNotice({ color, text });
    };
    try {
      if (asked.question.shift_id === undefined) {
        // Offline: kept with the punches, sent before them when the station is back online.
        await queueForgottenAnswer(asked.id, time);
        return answered(FORGOTTEN_SAVED, 'yellow');
      }
      const answer = await stationCall<{ message: string }>('/api/forgotten-clock-outs/answer', {
        ...asked.id,
        shift_id: asked.question.shift_id,
        time,
      });
      answered(answer.message, 'blue');
    } catch (e) {
      if (isNetworkError(e)) {
        await queueForgottenAnswer(asked.id, time).catch(() => undefined);
        answered(FORGOTTEN_SAVED, 'yellow');
      } else setNotice(red(e instanceof Error ? e.message : messages.general.serverError));
    } finally {
      setBusy(false);
    }
  }

  async function submitId(text = badge ?? input) {
    if (!text.trim()) return setNotice(red(messages.clock.invalidEmployeeId));
    setBusy(true);
    setNotice(null);
    try {
      const found = await lookUp(identityOf(text));
      if (found.step === 'pin') {
        setPin('');
        setPhase('pin');
      } else showReady(found.state, text, identityOf(text));
    } catch (e) {
      setPhase('id');
      setNotice(red(clockErrorMessage(e, 'check')));
    } finally {
      setBusy(false);
    }
  }

  async function submitPin() {
    if (!pin) return;
    setBusy(true);
    try {
      showReady(await confirmPin(identityOf(input, pin)), input, identityOf(input, pin), PIN_CHECKED_LATER);
    } catch (e) {
      // A refused PIN is typed again from an empty pad (the wrong digits must not go with the next try).
      setPin('');
      if (WHO_REFUSED.has(codeOf(e) ?? '')) setPhase('id');
      setNotice(red(clockErrorMessage(e, 'check')));
    } finally {
      setBusy(false);
    }
  }

  async function position(): Promise<{ ok: boolean; at?: Awaited<ReturnType<typeof getPosition>> }> {
    if (!settings?.enable_gps_tracking && !settings?.require_location) return { ok: true };
    const at = await getPosition();
    return { ok: !!at || !settings?.require_location, at };
  }

  /** Clock in or out (the one that fits), or start or end a break inside the open shift. */
  async function doPunch(answers?: Record<string, string>, breakKind?: 'break_start' | 'break_end') {
    if (!state) return;
    const kind: SyncKind = breakKind ?? (state.clockedIn ? 'out' : 'in');
    if (kind === 'in' && settings?.enable_covid_screening && !answers) return setScreening(true);
    setBusy(true);
    try {
      const where = await position();
      if (!where.ok) return setNotice(red(LOCATION_REQUIRED));
      const id = badge ? identityOf(badge) : identityOf(input, pin || undefined);
      const outcome = await punch(kind, id, where.at ?? undefined, answers);
      setState({ ...state, ...stateAfter(kind, outcome.at) });
      setConfirmation({
        kind,
        at: outcome.at,
        message: outcome.message,
        offline: outcome.offline,
        total: kind === 'out' && outcome.total ? totalText(outcome.total) : null,
      });
      // Who punched is forgotten at once: the next punch, theirs or anyone's, starts again from an ID or a badge.
      setInput('');
      setBadge(null);
      setPin('');
      setPhase('done');
      setNotice(outcome.offline ? { color: 'yellow', text: outcome.message } : null);
      inputRef.current?.focus();
      onPunched?.();
    } catch (e) {
      const code = codeOf(e);
      if (code === 'punch.shift_open') setState({ ...state, clockedIn: true });
      if (code === 'break.not_open') setState({ ...state, breakStartTime: null });
      if (code?.startsWith('clock.pin')) {
        setPin('');
        setPhase('pin');
      }
      setNotice(red(clockErrorMessage(e, kind)));
    } finally {
      setBusy(false);
    }
  }

  // A scanned badge identifies the employee at once (a badge never asks the PIN).
  useEffect(() => {
    if (!scanned) return;
    setBadge(scanned);
    setPin('');
    setConfirmation(null);
    void submitId(scanned);
  }, [scanned]);

  const typeId = (text: string) => {
    setInput(text);
    setBadge(null);
    setPin('');
    setState(null);
    setConfirmation(null);
    setNotice(null);
    setPhase('id');
    setForgotten(null);
  };

  return {
    phase,
    input,
    pin,
    state,
    confirmation,
    busy,
    notice,
    screening,
    inputRef,
    typeId,
    setPin,
    submitId: () => void submitId(),
    submitPin: () => void submitPin(),
    punch: () => void doPunch(),
    startBreak: () => void doPunch(undefined, 'break_start'),
    endBreak: () => void doPunch(undefined, 'break_end'),
    answerScreening: (answers: Record<string, string>) => {
      setScreening(false);
      void doPunch(answers);
    },
    cancelScreening: () => setScreening(false),
    cancel: reset,
    forgotten: forgotten?.question ?? null,
    leftTime,
    setLeftTime,
    answerForgotten: () => void answerForgotten(leftTime || null),
    skipForgotten: () => void answerForgotten(null),
  };
}
