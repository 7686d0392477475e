import { STORAGE_KEYS, type UserType } from '@punchclock/contract';
import { useSyncExternalStore } from 'react';

/** The `user` browser storage key (contract/src/storage.ts), stored as JSON. */
export interface StoredUser {
  user_id: number;
  user_type: UserType;
  email: string;
}

export interface Session {
  token: string | null;
  user: StoredUser | null;
  username: string | null;
}

/** What a login or a sign-up answers, plus what the form knew (sign-up answers carry no e-mail). */
export interface SessionStart {
  access_token: string;
  user_type: UserType;
  user_id: number;
  email: string;
  username: string;
  /** The person's name when known (sign-up); otherwise the username is shown. */
  name?: string;
  employee_id?: string | null;
  emp_id?: number | null;
}

function readUser(): StoredUser | null {
  try {
    const parsed = JSON.parse(
      localStorage.getItem(STORAGE_KEYS.user) ?? 'null',
    ) as Partial<StoredUser> | null;
    if (
      !parsed ||
      typeof parsed.user_id !== 'number' ||
      (parsed.user_type !== 'user' && parsed.user_type !== 'employee')
    )
      return null;
    return { user_id: parsed.user_id, user_type: parsed.user_type, email: String(parsed.email ?? '') };
  } catch {
    return null;
  }
}

function read(): Session {
  return {
    token: localStorage.getItem(STORAGE_KEYS.token),
    user: readUser(),
    username: localStorage.getItem(STORAGE_KEYS.username),
  };
}

let snapshot: Session = read();
const listeners = new Set<() => void>();

/** Re-reads storage and tells every subscriber (the guards, the top bars). */
function publish(): void {
  snapshot = read();
  listeners.forEach((l) => l());
}

// Another tab logging in or out changes what this tab may show.
if (typeof window !== 'undefined') window.addEventListener('storage', publish);

export const session = {
  /** What the screen shows (changes with `publish`). */
  get: (): Session => snapshot,
  /** What storage holds right now, even while a quiet clear has not been published yet. */
  read,
  token: (): string | null => localStorage.getItem(STORAGE_KEYS.token),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  publish,

  start(s: SessionStart): void {
    const set = (key: string, value: string | number | null | undefined) =>
      value === null || value === undefined
        ? localStorage.removeItem(key)
        : localStorage.setItem(key, String(value));
    set(STORAGE_KEYS.token, s.access_token);
    set(STORAGE_KEYS.userId, s.user_id);
    set(STORAGE_KEYS.userEmail, s.email);
    set(STORAGE_KEYS.username, s.username);
    set(STORAGE_KEYS.userName, s.name ?? s.username);
    set(STORAGE_KEYS.employeeId, s.employee_id);
    set(STORAGE_KEYS.empId, s.emp_id);
    localStorage.setItem(
      STORAGE_KEYS.user,
      JSON.stringify({ user_id: s.user_id, user_type: s.user_type, email: s.email } satisfies StoredUser),
    );
    publish();
  },

  /**
   * Forgets every browser storage key of ours (contract/src/storage.ts) and the tab's session storage. Only
   * our own keys leave localStorage: a paired time station keeps its pairing across an owner's logout.
   * `quiet` leaves the screen as it is until `publish()` (the logout farewell).
   */
  clear({ quiet = false }: { quiet?: boolean } = {}): void {
    Object.values(STORAGE_KEYS).forEach((key) => localStorage.removeItem(key));
    sessionStorage.clear();
    if (!quiet) publish();
  },

  /** The server refused the token (expired, revoked): cleared, and the login page says why (takeExpired). */
  expire(): void {
    expired = true;
    session.clear();
  },

  /** Whether the last session ended by the server's refusal, once (the login page's notice). */
  takeExpired(): boolean {
    const was = expired;
    expired = false;
    return was;
  },
};
let expired = false;

export function useSession(): Session {
  return useSyncExternalStore(session.subscribe, session.get);
}

/** Where each kind of account lands after logging in. */
export function homeOf(userType: UserType): string {
  return userType === 'employee' ? '/HomeUser' : '/HomeSecond';
}
