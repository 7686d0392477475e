import type { UserType } from '@punchclock/contract';
import { useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { homeOf, session, useSession } from './session';

/**
 * Spec §2.3 / §6: no token → /Login; the wrong kind of account → its own area
 * (an employee to /HomeUser, a manager to /Employee).
 */
export function RequireRole({ role }: { role: UserType }) {
  const { token, user } = useSession();
  const here = useLocation();
  if (!token || !user) return <ToLogin from={here} />;
  if (user.user_type !== role)
    return <Navigate to={user.user_type === 'employee' ? '/HomeUser' : '/Employee'} replace />;
  return <Outlet />;
}

/** The login page, which comes back to `from` (the page asked for, or left when the session ended) after it. */
export function ToLogin({ from }: { from: { pathname: string; search: string } }) {
  return <Navigate to="/Login" replace state={{ from: from.pathname + from.search } satisfies LoginState} />;
}

/** What the login page is given by a signed-in page it replaced. */
export interface LoginState {
  from?: string;
}

/** Where to go after logging in: the page the login replaced when it is one of ours, else the account's home. */
export function afterLogin(state: unknown, home: string): string {
  const from = (state as LoginState | null)?.from;
  return typeof from === 'string' &&
    from.startsWith('/') &&
    !from.startsWith('//') &&
    !/^\/login\b/i.test(from)
    ? from
    : home;
}

/**
 * /Login and /SignUp send a visitor who arrives logged in straight home. Decided on arrival only:
 * once the page itself logs someone in, it chooses when to move on (sign-up waits 2 s).
 */
export function RedirectIfLoggedIn({ children }: { children: ReactNode }) {
  const [arrival] = useState(session.read);
  if (arrival.token && arrival.user) return <Navigate to={homeOf(arrival.user.user_type)} replace />;
  return children;
}
