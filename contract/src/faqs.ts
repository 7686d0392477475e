import { foldText } from './fold';
import { z } from 'zod';
import { errorAnswers } from './errors';
import { optionalText, requiredText } from './fields';

/** Longest question, answer and topic a FAQ may hold. */
export const FAQ_LIMITS = { question: 300, answer: 5000, topic: 60 } as const;
/** The topic a FAQ without one is listed under in 'Browse by Topic'. */
export const FAQ_DEFAULT_TOPIC = 'General';
/** Most FAQs one account keeps: the Support Center lists and searches them all at once. */
export const FAQ_MAX_PER_ACCOUNT = 500;

/**
 * POST /api/faqs and PUT /api/faqs/{id}: the old client's {question, answer}, plus a topic ('General' when
 * left out).
 */
export const faqBody = z.object({
  question: requiredText('Question', FAQ_LIMITS.question),
  answer: requiredText('Answer', FAQ_LIMITS.answer),
  topic: optionalText('Topic', FAQ_LIMITS.topic),
});
export type FaqBody = z.input<typeof faqBody>;

export const faqView = z.object({
  id: z.number(),
  topic: z.string(),
  question: z.string(),
  answer: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FaqView = z.infer<typeof faqView>;

export const faqsAnswer = z.object({ data: z.array(faqView) });
export const faqSavedAnswer = z.object({ message: z.string(), data: faqView });
export type FaqSavedAnswer = z.infer<typeof faqSavedAnswer>;
export const faqErrors = errorAnswers(400, 401, 403, 404, 409, 422);

/** The topics of a list of FAQs with how many each holds, by name: the 'Browse by Topic' list. */
export function faqTopics(faqs: readonly FaqView[]): { topic: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const f of faqs) counts.set(f.topic, (counts.get(f.topic) ?? 0) + 1);
  return [...counts]
    .map(([topic, count]) => ({ topic, count }))
    .sort((a, b) => a.topic.localeCompare(b.topic));
}

/** Whether a FAQ matches every word of a search (question, answer and topic, any letter case or accent). */
export function faqMatches(faq: FaqView, search: string): boolean {
  const words = foldText(search).split(/\s+/).filter(Boolean);
  const text = foldText(`${faq.question}\n${faq.answer}\n${faq.topic}`);
  return words.every((w) => text.includes(w));
}
