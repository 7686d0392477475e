import { faqBody, faqErrors as errors, faqSavedAnswer, faqsAnswer } from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../auth/guards';
import { routeKit } from '../routes-kit';
import { repositories } from '../unit-of-work';
import { faqsRepositories } from './faqs.repository';
import { faqsService } from './faqs.service';

export const faqsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['FAQs'], errors });
  const faqs = faqsService(repositories(app.deps.db, faqsRepositories));

  for (const url of ['/faqs', '/api/faqs']) {
    route.get(
      url,
      "The account's FAQs (Support Center), by topic: managers and the account's employees read them; a FAQ without a topic is under 'General'",
      { 200: faqsAnswer },
      async (req) => faqs.list(authOf(req)),
    );
  }

  route.resource(
    { body: faqBody, saved: faqSavedAnswer },
    {
      create: [
        '/api/faqs',
        'Add a FAQ (managers): {question, answer, topic?}; question at most 300 characters, answer 5000, topic 60',
        faqs.create,
      ],
      update: [
        '/api/faqs/:id',
        "Change a FAQ (managers): {question, answer, topic?}; another account's id answers 404",
        faqs.update,
      ],
      remove: ['/api/faqs/:id', "Delete a FAQ (managers); another account's id answers 404", faqs.remove],
    },
  );
};
