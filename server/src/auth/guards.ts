import type { FastifyRequest } from 'fastify';
import { notFound, unauthorized } from '../lib/errors';
import { authRepository } from '../modules/auth/auth.repository';
import {
  administratorReach,
  type Caller,
  employeeAccess,
  managerPermissions,
  scopedManagerPermissions,
} from './access';
import { sha256 } from './tokens';

/** A signed-in user (owner or employee): a Caller with a token and a user id. */
export interface AuthContext extends Caller {
  tokenId: number;
  userId: number;
  stationId: null;
  /** The account owner's user id: what the API's user_id fields on account rows carry. */
  ownerUserId: number;
  userType: 'user' | 'employee';
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The old clients send the token sometimes as `Bearer <t>`, sometimes raw: both are accepted. */
export function tokenFromRequest(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 && token.length <= 200 ? token : null;
}

export async function authenticate(req: FastifyRequest): Promise<AuthContext> {
  const token = tokenFromRequest(req);
  if (!token) throw unauthorized();
  const row = await authRepository(req.server.deps.db).findSession(sha256(token));
  if (!row) throw unauthorized();
  // The owner always manages the whole account, whatever the column says.
  const isOwner = row.owner_user_id === null || row.owner_user_id === row.user_id;
  const departments = row.user_type === 'user' ? administratorReach(row.department_access, isOwner) : 'all';
  return {
    tokenId: row.token_id,
    userId: row.user_id,
    accountId: row.account_id,
    ownerUserId: row.owner_user_id ?? row.user_id,
    userType: row.user_type,
    employeeRef: row.employee_ref,
    stationId: null,
    permissions:
      row.user_type === 'employee'
        ? employeeAccess(row)
        : departments === 'all'
          ? managerPermissions()
          : scopedManagerPermissions(),
    departments,
  };
}

/**
 * The one route guard: sets `req.auth` or answers 401 (no or bad token). What the caller may do is
 * the service's `requireAccess` (403 for a wrong role).
 */
export async function requireAuth(req: FastifyRequest): Promise<void> {
  req.auth = await authenticate(req);
}

export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

/**
 * The API's user_id parameters are part of the contract but never widen access: the account comes
 * from the token, and a user_id that is neither the caller's nor the account owner's answers 404.
 */
export function assertOwnUserId(auth: AuthContext, userId: unknown): void {
  if (userId === undefined || userId === null || userId === '') return;
  const n = Number(userId);
  if (n !== auth.userId && n !== auth.ownerUserId) throw notFound();
}
