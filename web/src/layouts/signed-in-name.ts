import { useCurrentUser } from '../api/auth';
import { useSession } from '../session/session';

/**
 * The name the top bar shows: the person's own name (the manager's profile, the employee's record, both from
 * GET /api/get-user), not the login's username. The username, then the e-mail, stand in only when the profile
 * has no name or cannot be read; while it loads the bar shows no name rather than the username for a moment.
 */
export function useSignedInName(fallback = ''): string {
  const { username, user } = useSession();
  const me = useCurrentUser();
  const name = me.data?.name.trim();
  if (name) return name;
  if (me.isPending) return '';
  return username || user?.email || fallback;
}
