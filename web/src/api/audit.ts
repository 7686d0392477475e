import { auditVerifyAnswer, messages, type AuditVerifyAnswer } from '@punchclock/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, request } from './client';
import { downloadFile } from './download';

export type { AuditVerifyAnswer };

/** The check reads every punch and log row of the account: kept for a few minutes, asked again on demand. */
const AUDIT_STALE_MS = 5 * 60_000;

/** GET /api/audit/verify, read through its contract schema. A 403 (not the owner or a full administrator) is kept. */
export const useAuditVerify = () =>
  useQuery({
    queryKey: ['audit', 'verify'],
    queryFn: async () => {
      const parsed = auditVerifyAnswer.safeParse(await request('/api/audit/verify'));
      if (!parsed.success) throw new ApiError(200, messages.general.serverError);
      return parsed.data;
    },
    staleTime: AUDIT_STALE_MS,
    retry: (count, e) => !(e instanceof ApiError && e.status === 403) && count < 2,
  });

/** The ledger as JSON lines (GET /api/audit/export), for scripts/verify-audit.mjs. */
export const exportAuditLedger = () => downloadFile('/api/audit/export', 'audit-ledger.jsonl');
