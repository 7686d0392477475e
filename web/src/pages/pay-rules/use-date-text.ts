import { formatDate } from '@punchclock/contract';
import { useCurrentUser } from '../../api/auth';

/** A day (YYYY-MM-DD) in the signed-in account's Date Format. */
export function useDateText() {
  const user = useCurrentUser().data;
  return (d: string) => formatDate(d, user?.date_format ?? 'MM/DD/YY');
}
