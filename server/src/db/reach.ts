import type { ReferenceExpression, SelectQueryBuilder } from 'kysely';
import type { DepartmentReach } from '../auth/access';

/**
 * The one reach filter: a query over employees (or departments) limited to the departments a caller reaches
 * (auth/access.ts reachOf). `department` names the column holding the department id. The whole account adds no
 * condition; a department-scoped administrator's ids become an IN list (-1 keeps it valid when it is empty).
 */
export function withinReach<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  reach: DepartmentReach,
  department: ReferenceExpression<DB, TB>,
): SelectQueryBuilder<DB, TB, O> {
  if (reach === 'all') return query;
  return query.where(department, 'in', [...reach, -1]);
}
