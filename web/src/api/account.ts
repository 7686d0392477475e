import type {
  administratorInvitedAnswer,
  administratorsAnswer,
  messageResponse,
  planChangedAnswer,
} from '@punchclock/contract';
import type { z } from 'zod';
import type { AdministratorAccessBody, AdministratorBody, PlanAnswer, PlanId } from '@punchclock/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './client';

const PLAN = ['account', 'plan'];

/** The account's administrators (Settings → Administrators). */
export const useAdministrators = () =>
  useQuery({
    queryKey: ['account', 'administrators'],
    queryFn: () => request<z.infer<typeof administratorsAnswer>>('/api/administrators').then((a) => a.data),
  });

/** The plan the account is on and its administrator seats. */
export const usePlan = () =>
  useQuery({ queryKey: PLAN, queryFn: () => request<PlanAnswer>('/api/account/plan') });

export function useChangePlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (plan: PlanId) =>
      request<z.infer<typeof planChangedAnswer>>('/api/account/plan', { method: 'PUT', body: { plan } }),
    onSuccess: (answer) => qc.setQueryData(PLAN, answer),
  });
}

/** Invite an administrator (the set-password mail), change what one manages, remove one. */
export function useAdministratorMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: ['account'] });
  return {
    invite: useMutation({
      mutationFn: (body: AdministratorBody) =>
        request<z.infer<typeof administratorInvitedAnswer>>('/api/administrators', { body }),
      onSuccess: done,
    }),
    changeAccess: useMutation({
      mutationFn: ({ id, ...body }: AdministratorAccessBody & { id: number }) =>
        request<z.infer<typeof administratorInvitedAnswer>>(`/api/administrators/${id}`, {
          method: 'PUT',
          body,
        }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (id: number) =>
        request<z.infer<typeof messageResponse>>(`/api/administrators/${id}`, { method: 'DELETE' }),
      onSuccess: done,
    }),
  };
}
