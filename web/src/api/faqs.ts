import type { faqsAnswer, messageResponse } from '@punchclock/contract';
import type { z } from 'zod';
import type { FaqBody, FaqSavedAnswer, FaqView } from '@punchclock/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './client';

export type { FaqView };
/** The FAQ form's values: the contract's body fields, each as text (an empty topic is sent as null). */
export type FaqInput = Record<keyof FaqBody, string>;

const KEY = ['faqs'];

/** The account's FAQs (managers and employees read them). */
export const useFaqs = () =>
  useQuery({
    queryKey: KEY,
    queryFn: () => request<z.infer<typeof faqsAnswer>>('/api/faqs').then((a) => a.data),
  });

export function useFaqMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: KEY });
  const body = (f: FaqInput): FaqBody => ({ question: f.question, answer: f.answer, topic: f.topic || null });
  return {
    create: useMutation({
      mutationFn: (f: FaqInput) => request<FaqSavedAnswer>('/api/faqs', { body: body(f) }),
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: ({ id, ...f }: FaqInput & { id: number }) =>
        request<FaqSavedAnswer>(`/api/faqs/${id}`, { method: 'PUT', body: body(f) }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (id: number) =>
        request<z.infer<typeof messageResponse>>(`/api/faqs/${id}`, { method: 'DELETE' }),
      onSuccess: done,
    }),
  };
}
