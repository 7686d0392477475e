import { AUDIT_TEXT, type AuditVerifyAnswer } from '@punchclock/contract';
import { type Caller, requireAccess, requireWholeAccount } from '../../auth/access';
import { forbidden } from '../../lib/errors';
import { checkLedger, ledgerLines } from './audit-check';
import type { AuditRepository } from './audit.repository';

/**
 * The tamper-evident ledger's two reads (docs/RULES.md#tamper-evident-ledger): its check and its export. Both are
 * the account owner's and full administrators' (the activity log's permission over the whole account): a
 * department-scoped administrator, an employee or a station gets 403.
 */
export function auditService(deps: { repo: AuditRepository }) {
  const allowed = (caller: Caller) => {
    if (requireAccess(caller, 'activity:read', { forbiddenMessage: AUDIT_TEXT.wholeAccount }) !== 'all')
      throw forbidden(AUDIT_TEXT.wholeAccount);
    requireWholeAccount(caller, { message: AUDIT_TEXT.wholeAccount });
  };
  return {
    verify(caller: Caller): Promise<AuditVerifyAnswer> {
      allowed(caller);
      return checkLedger(deps.repo, caller.accountId);
    },
    /** Checked before the first line is sent: a refusal is an answer, not a cut stream. */
    exportLines(caller: Caller): AsyncGenerator<string> {
      allowed(caller);
      return ledgerLines(deps.repo, caller.accountId);
    },
  };
}
