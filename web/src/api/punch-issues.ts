import type { messageResponse } from '@punchclock/contract';
import type { z } from 'zod';
import type {
  AcceptPunchIssueAnswer,
  AcceptPunchIssueBody,
  PunchConflictsAnswer,
} from '@punchclock/contract';
import { request } from './client';

/** GET /api/punch-conflicts: a page of the synced punches the server did not apply, older than `before`. */
export const fetchPunchIssues = (before?: number | null) =>
  request<PunchConflictsAnswer>(before ? `/api/punch-conflicts?before=${before}` : '/api/punch-conflicts');

/** POST /api/punch-conflicts/{id}/fix: the employee's time is right, the punch leaves the list. */
export const fixPunchIssue = (id: number) =>
  request<z.infer<typeof messageResponse>>(`/api/punch-conflicts/${id}/fix`, { method: 'POST' });

/** POST /api/punch-conflicts/{id}/accept: applies the refused punch (at its time or a corrected one). */
export const acceptPunchIssue = (id: number, body: AcceptPunchIssueBody) =>
  request<AcceptPunchIssueAnswer>(`/api/punch-conflicts/${id}/accept`, { method: 'POST', body });
