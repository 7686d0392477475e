import type { ForgottenAnswersList } from '@punchclock/contract';
import { request } from './client';

/** GET /api/forgotten-clock-outs: employees' answers about forgotten clock-outs waiting for a manager. */
export const fetchForgottenAnswers = () => request<ForgottenAnswersList>('/api/forgotten-clock-outs');

/** POST /api/forgotten-clock-outs/{id}/accept or /dismiss. */
export const decideForgottenAnswer = (id: number, decision: 'accept' | 'dismiss') =>
  request<{ message: string }>(`/api/forgotten-clock-outs/${id}/${decision}`, { method: 'POST' });
