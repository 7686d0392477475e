import type { UserType } from '@punchclock/contract';
import { useState, type ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { homeOf, session, useSession } from './session';

/**
 * Spec §2.3 / §6: no token → /Login; the wrong kind of account → its own area
 * (an employee to /HomeUser, a manager to /Employee).
 */
export function RequireRole({ role }: { role: UserType }) {
  const { token, user } = useSession();
  if (!token || !user) return <Navigate to="/Login" replace />;
  if (user.user_type !== role)
    return <Navigate to={user.user_type === 'employee' ? '/HomeUser' : '/Employee'} replace />;
  return <Outlet />;
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
