import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { session } from './session';

/** The public top bar's logout: clears everything and goes to /Login at once. */
export function useQuickLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () => {
    // Revoke the token too, without making the visitor wait. The API module is fetched on
    // demand so the public pages' first load carries no schemas; the token is read before clearing.
    const token = session.token();
    if (token) void import('../api/auth').then((api) => api.revokeToken(token)).catch(() => undefined);
    session.clear();
    queryClient.clear();
    navigate('/Login', { replace: true });
  };
}
