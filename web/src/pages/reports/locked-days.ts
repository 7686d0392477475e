import type { LockedPeriodsAnswer } from '@punchclock/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';
import type { ReportRun } from '../../api/reports';

/**
 * Which days of a report run lie in an approved pay period (docs/RULES.md#pay-periods), for the lock beside them:
 * one read of the locked periods of the run's span (GET /api/pay-periods/locked, which employees read too).
 * Undefined while none is approved.
 */
export function useLockedDays(
  run: ReportRun | null,
  enabled: boolean,
): ((day: string) => boolean) | undefined {
  const from = run?.start_date;
  const to = run?.end_date;
  const periods = useQuery({
    queryKey: ['pay-periods', 'locked', from, to],
    queryFn: () =>
      request<LockedPeriodsAnswer>(
        `/api/pay-periods/locked?from=${encodeURIComponent(from!)}&to=${encodeURIComponent(to!)}`,
      ),
    enabled: enabled && !!from && !!to && from <= to,
    retry: false,
  });
  const approved = periods.data?.data ?? [];
  if (!approved.length) return undefined;
  return (day) => approved.some((p) => p.start_date <= day && day <= p.end_date);
}
