import type {
  DepartmentScheduleBody,
  EmployeeScheduleBody,
  ScheduleSaved,
  SchedulesAnswer,
} from '@punchclock/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './client';

const KEY = ['schedules'];

/** The department schedules and employee overrides the caller reaches (GET /api/schedules). */
export const useSchedules = () =>
  useQuery({ queryKey: KEY, queryFn: () => request<SchedulesAnswer>('/api/schedules') });

/** Saves a department's week (PUT /api/schedules). */
export function useSaveDepartmentSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DepartmentScheduleBody) =>
      request<ScheduleSaved>('/api/schedules', { method: 'PUT', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Sets an employee's own week, or clears it (days: null) to follow the department's (PUT /api/employees/:id/schedule). */
export function useSaveEmployeeSchedule(employeeId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EmployeeScheduleBody) =>
      request<ScheduleSaved>(`/api/employees/${employeeId}/schedule`, { method: 'PUT', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
