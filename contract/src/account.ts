import { z } from 'zod';
import { PLANS } from './constants';
import { errorAnswers } from './errors';
import { email, requiredText } from './fields';

export type PlanId = (typeof PLANS)[number]['id'];
export const PLAN_IDS = PLANS.map((p) => p.id) as [PlanId, ...PlanId[]];

/** Administrator seats of each plan (docs/RULES.md#plans-and-seats); null is unlimited. */
export const PLAN_SEATS: Record<PlanId, number | null> = { basic: 1, pro: 5, enterprise: null };

/**
 * What an administrator manages: the whole account ('full'), or only the employees, punches and reports of
 * chosen departments ('departments'). The owner always has full access.
 */
export const ADMIN_ACCESS = ['full', 'departments'] as const;
export type AdminAccess = (typeof ADMIN_ACCESS)[number];

/** The account's managers (users of type `user`): the owner first. */
export const administratorView = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['Owner', 'Administrator']),
  access: z.enum(ADMIN_ACCESS),
  /** 'Full', or 'Departments' for a department-scoped administrator (its Permissions column). */
  permissions: z.enum(['Full', 'Departments']),
  /** 'All', or the names of the departments a scoped administrator manages, comma-separated. */
  departments: z.string(),
  department_ids: z.array(z.number()).nullable(),
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

const accessFields = {
  access: z.enum(ADMIN_ACCESS, { error: 'Choose Full access or Chosen departments.' }).default('full'),
  /** The departments a scoped administrator manages (at least one); ignored for full access. */
  department_ids: z
    .array(
      // At most PostgreSQL's integer: a larger id is refused here, not by the database (a 500).
      z
        .number({ error: 'Department ids are numbers.' })
        .int()
        .positive()
        .max(2_147_483_647, 'Department id is too large.'),
      {
        error: 'Department ids are a list of numbers.',
      },
    )
    .max(500, 'Choose at most 500 departments.')
    .default([]),
};
const chosenDepartments = (b: { access: AdminAccess; department_ids: number[] }) =>
  b.access === 'full' || b.department_ids.length > 0;
const chooseOne = { message: 'Choose at least one department.', path: ['department_ids'] };

/** POST /api/administrators: invite a manager by e-mail (the set-password mail), with full or department access. */
export const administratorBody = z
  .object({ name: requiredText('Name', 100), email, ...accessFields })
  .refine(chosenDepartments, chooseOne);
export type AdministratorBody = z.input<typeof administratorBody>;
/** PUT /api/administrators/:id: change what an administrator (not the owner) manages. */
export const administratorAccessBody = z.object(accessFields).refine(chosenDepartments, chooseOne);
export type AdministratorAccessBody = z.input<typeof administratorAccessBody>;
/** What inviting an administrator or changing their access answers. */
export const administratorInvitedAnswer = z.object({ message: z.string(), data: administratorView });
export const administratorErrors = errorAnswers(400, 401, 403, 404, 409, 422);
