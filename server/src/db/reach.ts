import type { DepartmentReach } from '../auth/access';

/** A scoped reach's department ids as an IN list (-1 keeps the list valid when it is empty). */
export const reachIds = (reach: DepartmentReach): number[] => [...(reach as readonly number[]), -1];
