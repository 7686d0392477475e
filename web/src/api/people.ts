import type {
  customFieldsAnswer,
  employeeAnswer,
  employeesAnswer,
  searchAnswer,
  employeeQrStatusAnswer,
  messageResponse,
  uploadedEmployeesAnswer,
} from '@punchclock/contract';
import type {
  BadgeRegeneratedAnswer,
  customFieldBody,
  CustomFieldSavedAnswer,
  CustomFieldView,
  DeletedAnswer,
  departmentBody,
  DepartmentDetailAnswer,
  DepartmentSavedAnswer,
  DepartmentView,
  employeeBody,
  EmployeeRatesAnswer,
  EmployeeSavedAnswer,
  EmployeeView,
  ImportAnswer,
  searchBody,
  UploadedEmployee,
} from '@punchclock/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from './client';

export type { CustomFieldView, DepartmentView, EmployeeView, ImportAnswer, UploadedEmployee };

/** The bodies as the contract accepts them (before its transforms). */
export type EmployeeInput = z.input<typeof employeeBody>;
export type DepartmentInput = Required<
  Pick<
    z.input<typeof departmentBody>,
    'dp_name' | 'dp_type' | 'exclude_from_reports' | 'use_company_settings' | 'assign_to_all_employees'
  >
>;
export type CustomFieldInput = Required<Omit<z.input<typeof customFieldBody>, 'user_id'>>;
export type SearchInput = Omit<z.input<typeof searchBody>, 'user_id'>;

const K = {
  employees: ['employees'],
  departments: ['departments'],
  fields: ['fields'],
  imported: ['employees', 'imported'],
};

/** The old client's bulk-delete query: `?emp_id[]=[1,2,3]`. */
export const bulkQuery = (name: string, ids: number[]) =>
  `?${encodeURIComponent(`${name}[]`)}=${encodeURIComponent(`[${ids.join(',')}]`)}`;

/** A page of GET /api/employees or POST /api/search (keyset paging: contract/src/paging.ts). */
export type EmployeesPage = z.infer<typeof employeesAnswer>;
export type SearchPage = z.infer<typeof searchAnswer>;

/** Rows per page of the Employees list and the search results. */
export const EMPLOYEE_PAGE_SIZE = 50;
const cursorParam = (cursor: string | null) => (cursor ? `&cursor=${encodeURIComponent(cursor)}` : '');

/** The Employees list a page at a time ("Load more" asks for the next); the count comes with the first page. */
export const useEmployeePages = () =>
  useInfiniteQuery({
    queryKey: [...K.employees, 'pages'],
    queryFn: ({ pageParam }) =>
      request<EmployeesPage>(`/api/employees?limit=${EMPLOYEE_PAGE_SIZE}${cursorParam(pageParam)}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/** Every employee a paged list answers: its pages one after another, 200 at a time (pickers need them all). */
async function everyPage(
  page: (cursor: string | null) => Promise<{ rows: EmployeeView[]; next: string | null }>,
) {
  const all: EmployeeView[] = [];
  let cursor: string | null = null;
  do {
    const { rows, next } = await page(cursor);
    all.push(...rows);
    cursor = next;
  } while (cursor);
  return all;
}

/** Every current employee, for pickers (the employee Activity page's list). */
export const useEmployees = () =>
  useQuery({
    queryKey: [...K.employees, 'all'],
    queryFn: () =>
      everyPage(async (cursor) => {
        const p = await request<EmployeesPage>(`/api/employees?limit=200${cursorParam(cursor)}`);
        return { rows: p.data, next: p.next_cursor };
      }),
  });
export const useEmployee = (id: number) =>
  useQuery({
    queryKey: [...K.employees, id],
    queryFn: () => request<z.infer<typeof employeeAnswer>>(`/api/employees/${id}`).then((a) => a.data),
    enabled: id > 0,
  });
/**
 * Every employee a report may name, deleted ones too (a leaver's last weeks are still paid and reported): the
 * search with Show Deleted Employees and every status, 200 at a time, in name order.
 */
export const useReportEmployees = () =>
  useQuery({
    queryKey: [...K.employees, 'reportable'],
    queryFn: () =>
      everyPage(async (cursor) => {
        const p = await request<SearchPage>('/api/search', {
          body: { status: 'All', show_deleted: 1, limit: 200, ...(cursor ? { cursor } : {}) },
        });
        return { rows: p.employees, next: p.next_cursor };
      }),
  });
/** One employee's hourly rates by the day each took effect, newest first (empty: never changed). */
export const useEmployeeRates = (id: number) =>
  useQuery({
    queryKey: [...K.employees, id, 'rates'],
    queryFn: () => request<EmployeeRatesAnswer>(`/api/employees/${id}/rates`).then((a) => a.data),
    enabled: id > 0,
  });
/** The search panel's results a page at a time, once a search has been asked (`input` not null). */
export const useEmployeeSearch = (input: SearchInput | null) =>
  useInfiniteQuery({
    queryKey: [...K.employees, 'search', input],
    queryFn: ({ pageParam }) =>
      request<SearchPage>('/api/search', {
        body: { ...input, limit: EMPLOYEE_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: input !== null,
  });

export const useDepartments = () =>
  useQuery({ queryKey: K.departments, queryFn: () => request<DepartmentView[]>('/departments') });
export const useDepartment = (id: number) =>
  useQuery({
    queryKey: [...K.departments, id],
    queryFn: () => request<DepartmentDetailAnswer>(`/api/departments/${id}`),
    enabled: id > 0,
  });

export const useCustomFields = () =>
  useQuery({
    queryKey: K.fields,
    queryFn: () => request<z.infer<typeof customFieldsAnswer>>('/api/fields').then((a) => a.data),
  });
export const useUploadedEmployees = () =>
  useQuery({
    queryKey: K.imported,
    queryFn: () =>
      request<z.infer<typeof uploadedEmployeesAnswer>>('/employees/imported').then((a) => a.data),
  });

export const employeeQr = (id: number) =>
  request<z.infer<typeof employeeQrStatusAnswer>>(`/api/employees/qr/${id}`).then((a) => a.data);

/** Every write invalidates the lists it can change, so screens reload after create, update or delete. */
export function usePeopleMutations() {
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all([K.employees, K.departments, K.fields].map((queryKey) => qc.invalidateQueries({ queryKey })));
  // The refresh is not awaited: a row that starts a delete is gone once the list reloads, and the
  // caller's own onSuccess (its toast) must run before that, not be skipped with the unmounted row.
  const useWrite = <A, R>(fn: (a: A) => Promise<R>) =>
    useMutation({
      mutationFn: fn,
      onSuccess: () => {
        void refresh();
      },
    });
  return {
    createEmployee: useWrite((b: EmployeeInput) => request<EmployeeSavedAnswer>('/employees', { body: b })),
    updateEmployee: useWrite((b: EmployeeInput & { id: number }) =>
      request<EmployeeSavedAnswer>(`/employees/${b.id}`, { method: 'PUT', body: b }),
    ),
    /** The hourly rate alone, a deleted employee's too (PUT /api/employees/:id/rates). */
    changeRate: useWrite((b: { id: number; hourly_rate: number; rate_effective_from: string }) =>
      request<EmployeeRatesAnswer>(`/api/employees/${b.id}/rates`, {
        method: 'PUT',
        body: { hourly_rate: b.hourly_rate, rate_effective_from: b.rate_effective_from },
      }),
    ),
    deleteEmployee: useWrite((id: number) =>
      request<DeletedAnswer>(`/employees/${id}`, { method: 'DELETE' }),
    ),
    deleteEmployees: useWrite((ids: number[]) =>
      request<DeletedAnswer>(`/allemployees${bulkQuery('emp_id', ids)}`, {
        method: 'POST',
      }),
    ),
    regenerateBadge: useWrite((id: number) =>
      request<BadgeRegeneratedAnswer>(`/api/employees/${id}/regenerate-badge`, {
        method: 'POST',
      }),
    ),
    createDepartment: useWrite((b: DepartmentInput) =>
      request<DepartmentSavedAnswer>('/departments', { body: b }),
    ),
    updateDepartment: useWrite((b: DepartmentInput & { id: number }) =>
      request<DepartmentSavedAnswer>(`/departments/${b.id}`, { method: 'PUT', body: b }),
    ),
    deleteDepartment: useWrite((b: { id: number; moveTo?: number }) =>
      request<z.infer<typeof messageResponse>>(
        `/departments/${b.id}${b.moveTo ? `?move_to=${b.moveTo}` : ''}`,
        {
          method: 'DELETE',
        },
      ),
    ),
    deleteDepartments: useWrite((ids: number[]) =>
      request<DeletedAnswer>(`/alldepartments${bulkQuery('dep_id', ids)}`, {
        method: 'POST',
      }),
    ),
    createField: useWrite((b: CustomFieldInput) =>
      request<CustomFieldSavedAnswer>('/api/fields', { body: b }),
    ),
    updateField: useWrite((b: CustomFieldInput & { id: number }) =>
      request<CustomFieldSavedAnswer>(`/api/fields/${b.id}`, { method: 'PUT', body: b }),
    ),
    deleteField: useWrite((id: number) =>
      request<z.infer<typeof messageResponse>>(`/fields/${id}`, { method: 'DELETE' }),
    ),
    importEmployees: useWrite((b: { file: File; preview: boolean }) => {
      const form = new FormData();
      form.append('file', b.file);
      return request<ImportAnswer>(`/employees/import${b.preview ? '?preview=1' : ''}`, { body: form });
    }),
  };
}
