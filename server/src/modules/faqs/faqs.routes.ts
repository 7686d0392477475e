import {
  faqBody,
  faqErrors as errors,
  faqSavedAnswer,
  faqsAnswer,
  idParams,
  messageResponse,
} from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAuth } from '../../auth/guards';
import { repositories } from '../unit-of-work';
import { faqsRepositories } from './faqs.repository';
import { faqsService } from './faqs.service';

const tags = ['FAQs'];
const onRequest = requireAuth;

export const faqsRoutes: FastifyPluginAsyncZod = async (app) => {
  const faqs = faqsService(repositories(app.deps.db, faqsRepositories));

  const list = {
    onRequest,
    schema: {
      tags,
      summary:
        "The account's FAQs (Support Center), by topic: managers and the account's employees read them; a FAQ without a topic is under 'General'",
      response: { 200: faqsAnswer, ...errors },
    },
  };
  app.get('/faqs', list, async (req) => faqs.list(authOf(req)));
  app.get('/api/faqs', list, async (req) => faqs.list(authOf(req)));

  app.post(
    '/api/faqs',
    {
      onRequest,
      schema: {
        tags,
        summary: `Add a FAQ (managers): {question, answer, topic?}; question at most 300 characters, answer 5000, topic 60`,
        body: faqBody,
        response: { 201: faqSavedAnswer, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await faqs.create(authOf(req), req.body)),
  );
  app.put(
    '/api/faqs/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: "Change a FAQ (managers): {question, answer, topic?}; another account's id answers 404",
        params: idParams,
        body: faqBody,
        response: { 200: faqSavedAnswer, ...errors },
      },
    },
    async (req) => faqs.update(authOf(req), req.params.id, req.body),
  );
  app.delete(
    '/api/faqs/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: "Delete a FAQ (managers); another account's id answers 404",
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (req) => faqs.remove(authOf(req), req.params.id),
  );
};
