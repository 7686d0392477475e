import { z } from 'zod';
import { PLANS } from './constants';
import { errorAnswers } from './errors';
import { email, requiredText } from './fields';

export type PlanId = (typeof PLANS)[number]['id'];
export const PLAN_IDS = PLANS.map((p) => p.id) as [PlanId, ...PlanId[]];

/** Administrator seats of each plan (spec §2.4 Pricing: 1 User, 5 Users, Unlimited Users); null is unlimited. */
export const PLAN_SEATS: Record<PlanId, number | null> = { basic: 1, pro: 5, enterprise: null };

/** The account's managers (users of type `user`): the owner first. */
export const administratorView = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['Owner', 'Administrator']),
  permissions: z.literal('Full'),
  departments: z.literal('All'),
  created_at: z.string(),
});
export type AdministratorView = z.infer<typeof administratorView>;
export const administratorsAnswer = z.object({ data: z.array(administratorView) });

/** GET /api/account/plan: the plan the account is on, its seats and how many are taken. */
export const planAnswer = z.object({
  plan: z.enum(PLAN_IDS),
  seats: z.number().nullable(),
  administrators: z.number(),
  payments: z.literal(false),
});
export type PlanAnswer = z.infer<typeof planAnswer>;
export const planBody = z.object({
  plan: z.enum(PLAN_IDS, { error: 'Choose one of the plans: basic, pro or enterprise.' }),
});
export const planChangedAnswer = planAnswer.extend({ message: z.string() });
export const accountErrors = errorAnswers(400, 401, 403, 422);

/** POST /api/administrators: invite a manager with full access by e-mail (the set-password mail). */
export const administratorBody = z.object({
  name: requiredText('Name', 100),
  email,
});
export type AdministratorBody = z.input<typeof administratorBody>;
export const administratorInvitedAnswer = z.object({ message: z.string(), data: administratorView });
export const administratorErrors = errorAnswers(400, 401, 403, 404, 409, 422);
