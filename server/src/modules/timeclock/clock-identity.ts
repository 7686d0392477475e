import { messages, type SyncItem } from '@punchclock/contract';
import { type Caller, requireAccess } from '../../auth/access';
import { verifyBadge } from '../../lib/badges';
import { forbidden, notFound } from '../../lib/errors';
import type { ClockRepos } from './clock-repos';
import type { PinLock } from './pin-lock';

// Who is punching: the live punches (clock.service.ts) and every item of a sync batch (sync-batch.ts) identify
// their employee the same way, PIN lock included.

export type Identity = { employee_id?: string; badge?: string; pin?: string };

/**
 * The log keeps which badge was shown (account, employee, version) but not its signature: the log is
 * exported as CSV, and a signed badge is a credential that punches.
 */
export const unsigned = (badge?: string) => badge?.replace(/\.[a-f0-9]{32}$/, '.redacted');

/** Wrong PINs count per employee and place: the station, or the manager's own clock page. */
export const pinPlace = (caller: Caller) =>
  caller.stationId ? `${caller.stationId}` : `user${caller.userId}`;

export function clockIdentity(deps: { repos: ClockRepos; appSecret: string; pins: PinLock }) {
  const { repos, appSecret, pins } = deps;
  /** A badge's claims when its signature is this server's (whose account, employee, version), else null. */
  const claimsOf = (badge: string) => verifyBadge(appSecret, badge);

  /**
   * Who is punching, inside the caller's account only. An employee's own login (scope `own`) clocks only
   * themself and needs no PIN (they signed in with a password); a station or manager names anyone with App
   * Login, by badge or by Employee ID (and PIN where the employee uses one).
   *
   * `at`, a synced punch's instant: the employee as they were then (docs/RULES.md#revocations-while-offline). A
   * card of the print before the current one, a deleted employee (sync batches look them up) or one whose App
   * Login was removed is taken for a punch made before that change, and refused after it with why.
   */
  async function identify(caller: Caller, id: Identity, r: ClockRepos = repos, checkPin = true, at?: string) {
    const scope = requireAccess(caller, 'clock:punch', { forbiddenMessage: messages.clock.selfNotAllowed });
    if (scope === 'own') {
      const e = caller.employeeRef
        ? await r.clock.employeeById(caller.accountId, caller.employeeRef)
        : undefined;
      if (!e || (id.employee_id && id.employee_id !== e.employee_id) || id.badge)
        throw forbidden(messages.clock.selfOnly, 'clock.self_only');
      if (e.status === 'inactive') throw forbidden(messages.clock.selfNotAllowed, 'clock.not_allowed');
      return { employee: e, pinNeeded: false };
    }
    const { employee, byBadge } = await findEmployee(caller, id, r, at);
    if (employee.deleted_at && !(at && at < employee.deleted_at))
      throw forbidden(at ? messages.clock.deletedBefore : messages.clock.notAllowed, 'clock.not_allowed');
    if (employee.status === 'inactive') throw forbidden(messages.clock.notAllowed, 'clock.not_allowed');
    if (!employee.permission_app && !before(at, employee.app_login_removed_at))
      throw forbidden(
        at && employee.app_login_removed_at
          ? messages.clock.appLoginRemovedBefore
          : messages.clock.notAllowed,
        'clock.not_allowed',
      );
    const pinNeeded = !byBadge && !!employee.use_card_or_pin && !!employee.pin;
    if (pinNeeded && checkPin) await pins.check(pinPlace(caller), employee, id.pin);
    return { employee, pinNeeded };
  }

  async function findEmployee(caller: Caller, id: Identity, r: ClockRepos, at?: string) {
    if (id.badge) {
      const claims = claimsOf(id.badge);
      const employee =
        claims && claims.accountId === caller.accountId
          ? await r.clock.employeeById(caller.accountId, claims.employeeRef)
          : undefined;
      if (!employee || !claims) throw notFound(messages.clock.badgeInvalid, 'clock.badge_invalid');
      // A regenerated badge bumps badge_version: older cards stop working, the print just before the current one
      // from the regeneration on (a synced punch made before it counts).
      if (employee.badge_version !== claims.version) {
        const previous = claims.version === employee.badge_version - 1;
        if (!previous || !before(at, employee.badge_replaced_at))
          throw notFound(
            at && claims.version < employee.badge_version
              ? messages.clock.badgeReplacedBefore
              : messages.clock.badgeInvalid,
            'clock.badge_invalid',
          );
      }
      return { employee, byBadge: true };
    }
    const employee = id.employee_id
      ? await r.clock.employeeByCode(caller.accountId, id.employee_id)
      : undefined;
    if (!employee) throw notFound(messages.clock.invalidEmployeeId, 'clock.employee_unknown');
    return { employee, byBadge: false };
  }

  /**
   * The employee a sync item names, without its PIN or badge version checked: enough to tell a replay of this
   * employee's punch from another employee's punch that has the same client id.
   */
  async function namedEmployeeRef(caller: Caller, item: SyncItem, r: ClockRepos) {
    if (item.badge) {
      const claims = claimsOf(item.badge);
      return claims && claims.accountId === caller.accountId ? claims.employeeRef : undefined;
    }
    if (item.employee_id) return (await r.clock.employeeByCode(caller.accountId, item.employee_id))?.id;
    return caller.employeeRef ?? undefined;
  }

  return { identify, namedEmployeeRef, claimsOf };
}
export type ClockIdentity = ReturnType<typeof clockIdentity>;

/** A synced punch's instant is before a change made at `change` (both ISO UTC); never for a live punch. */
const before = (at: string | undefined, change: string | null) => !!at && !!change && at < change;
