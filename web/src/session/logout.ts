import { LOGOUT_REDIRECT_MS, messages } from '@punchclock/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../api/auth';
import { ApiError } from '../api/client';
import { notifySuccess } from '../components/notify';
import { session } from './session';

/**
 * The manager and employee menus' logout: asks the server to revoke the token, then
 * clears the browser. No token or a 401 is a forced logout (straight to /login); any other
 * failure still logs out here. On success the page stays one second with the toast, then /login.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    let forced = !session.token();
    if (!forced) {
      try {
        await logout();
      } catch (e) {
        forced = e instanceof ApiError && e.status === 401;
      }
    }
    queryClient.clear();
    // Quiet: the guards learn of it only after we have left for /login, so they do not send
    // the visitor to /Login first (nor before the farewell second is over).
    session.clear({ quiet: true });
    // flushSync: /login is on screen before the guards hear of the cleared session.
    const leave = async () => {
      await navigate('/login', { replace: true, flushSync: true });
      session.publish();
    };
    if (forced) return leave();
    notifySuccess(messages.logout.success);
    setTimeout(() => void leave(), LOGOUT_REDIRECT_MS);
  };

  return { logout: run, busy };
}

/**
 * Signs this browser out without the farewell and opens `to` (a manager turning this browser into a
 * time station): the token is revoked (a failure still forgets it here) and the guards hear of it only
 * once `to` is on screen.
 */
export function useSignOutTo() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async (to: string) => {
    if (session.token()) await logout().catch(() => undefined);
    queryClient.clear();
    session.clear({ quiet: true });
    await navigate(to, { replace: true, flushSync: true });
    session.publish();
  };
}
