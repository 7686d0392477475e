import { z } from 'zod';

/**
 * Stable codes carried beside every error message (`{message, code}`), so clients branch on the code and
 * never on the wording. The generic ones follow the HTTP status; domain ones name the rule that refused.
 */
export const ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unprocessable',
  'too_many_requests',
  'server_error',
  // Punch rules (server/src/modules/punches/rules/)
  'punch.out_before_in',
  'punch.in_future',
  'punch.device_time',
  'punch.overlap',
  'punch.shift_open',
  'punch.not_clocked_in',
  'punch.shift_too_long',
  'punch.attendance_only',
  // Pay periods (server/src/modules/pay-periods/): a write into an approved period, and approval's refusals
  'period.locked',
  'period.not_found',
  'period.not_ended',
  'period.needs_attention',
  'period.already_approved',
  'period.not_approved',
  'period.not_started',
  'period.confirm_off',
  // Adjustments (docs/RULES.md#adjustments): only a day of an approved period is adjusted
  'adjustment.not_locked',
  // Identifying who punches
  'clock.pin_required',
  'clock.pin_wrong',
  'clock.pin_locked',
  'clock.badge_invalid',
  'clock.employee_unknown',
  'clock.not_allowed',
  'clock.self_only',
  'clock.location_required',
  'clock.screening_required',
  'clock.station_revoked',
  'clock.revoked_pairing_unknown',
  'clock.client_id_taken',
  'clock.device_clock_off',
  // Breaks at the clock (Start Break / End Break)
  'break.no_shift',
  'break.already_open',
  'break.not_open',
  // Accepting a refused synced punch (POST /api/punch-conflicts/:id/accept)
  'punch_issue.already_dealt_with',
  'punch_issue.employee_unknown',
  'punch_issue.employee_deleted',
  'punch_issue.not_a_punch',
  // Forgotten clock-outs (docs/RULES.md#forgotten-clock-outs)
  'forgotten.no_shift',
  'forgotten.bad_time',
  'forgotten.not_found',
  'forgotten.decided',
  'forgotten.shift_closed',
  // Taken names and other conflicts (409): what is already there
  'registration.email_taken',
  'registration.username_taken',
  'employee.id_taken',
  'employee.email_taken',
  'employee.login_email_taken',
  'account.admin_email_taken',
  'api_key.value_taken',
  'department.name_taken',
  'department.has_members',
  'custom_field.name_taken',
  'custom_field.type_mismatch',
  'custom_field.has_duplicates',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The code of an error answer that carries no domain code: the one its HTTP status stands for. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 422:
      return 'unprocessable';
    case 423:
      return 'period.locked';
    case 429:
      return 'too_many_requests';
    default:
      return status >= 500 ? 'server_error' : 'bad_request';
  }
}

export const errorBody = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** The error answers of a route, for its OpenAPI document: `errorAnswers(400, 401, 404)`. */
export const errorAnswers = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((s) => [s, errorBody])) as Record<S, typeof errorBody>;
