import type { PunchLookups } from './rules/validate-punch';

/** A current punch as the rules see it. Punches not written yet carry a negative id until they are. */
export interface BookPunch {
  id: number;
  employee_ref: number;
  time_in: string;
  time_out: string | null;
  type: string;
}

/**
 * A batch's view of its employees' current punches (offline sync, issue 11): loaded once inside the batch's
 * transaction (with the employees locked on PostgreSQL), then kept up to date as the batch's punches are
 * accepted, so validatePunch runs every rule per item in memory with the same answers the repository's queries
 * (punchesRepository.openShift / overlapping) would give at that point of the transaction.
 */
export function punchBook(rows: BookPunch[]) {
  const byEmployee = new Map<number, BookPunch[]>();
  for (const p of rows) listOf(p.employee_ref).push({ ...p });
  let nextPending = -1;

  function listOf(employeeRef: number) {
    let list = byEmployee.get(employeeRef);
    if (!list) byEmployee.set(employeeRef, (list = []));
    return list;
  }
  const openOf = (employeeRef: number) => listOf(employeeRef).find((p) => p.time_out === null);

  const lookups: PunchLookups = {
    async openShift(employeeRef) {
      const open = openOf(employeeRef);
      return open ? { id: open.id, time_in: open.time_in } : undefined;
    },
    // The same predicate as punchesRepository.overlapping (ISO UTC text compares as the instants do; a NULL
    // time_out never satisfies `time_out > from` in SQL).
    async overlapping(employeeRef, { from, to, isBreak }, exceptId) {
      return listOf(employeeRef).some(
        (p) =>
          (isBreak ? p.type !== 'None' : p.type === 'None') &&
          (exceptId === undefined || p.id !== exceptId) &&
          (to === null
            ? p.time_in <= from && p.time_out !== null && p.time_out > from
            : p.time_in < to && (p.time_out === null || p.time_out > from)),
      );
    },
  };

  return {
    lookups,
    /** A clock-in accepted: answers its pending id (negative) until it is written. */
    open(employeeRef: number, timeIn: string): number {
      const id = nextPending--;
      listOf(employeeRef).push({
        id,
        employee_ref: employeeRef,
        time_in: timeIn,
        time_out: null,
        type: 'None',
      });
      return id;
    },
    /** A clock-out accepted: closes the open shift; answers its id (negative while pending). */
    close(employeeRef: number, timeOut: string): number | undefined {
      const open = openOf(employeeRef);
      if (open) open.time_out = timeOut;
      return open?.id;
    },
  };
}
