import {
  customFieldBody,
  customFieldSavedAnswer,
  customFieldsAnswer,
  idParams,
  messageResponse,
  peopleErrors as errors,
  userParams,
} from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAuth } from '../../auth/guards';
import { repositories } from '../unit-of-work';
import { customFieldsRepositories } from './custom-fields.repository';
import { customFieldsService } from './custom-fields.service';

const tags = ['Custom fields'];
const onRequest = requireAuth;

const updateField = {
  onRequest,
  schema: {
    tags,
    summary:
      'Update a custom field (not in the spec): refused while existing values do not fit the new type or duplicates exist',
    params: idParams,
    body: customFieldBody,
    response: { 200: customFieldSavedAnswer, ...errors },
  },
};

export const customFieldsRoutes: FastifyPluginAsyncZod = async (app) => {
  const fields = customFieldsService(repositories(app.deps.db, customFieldsRepositories));

  app.post(
    '/api/fields',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Create a custom field (field_options = Allow Duplicates)',
        body: customFieldBody,
        response: { 201: customFieldSavedAnswer, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await fields.create(authOf(req), req.body)),
  );
  app.get(
    '/api/fields',
    {
      onRequest,
      schema: {
        tags,
        summary: "The account's custom fields",
        response: { 200: customFieldsAnswer, ...errors },
      },
    },
    async (req) => fields.list(authOf(req)),
  );
  app.get(
    '/fields/user/:user_id',
    {
      onRequest,
      schema: {
        tags,
        summary: "Same list, the spec's path",
        params: userParams,
        response: { 200: customFieldsAnswer, ...errors },
      },
    },
    async (req) => fields.list(authOf(req), req.params.user_id),
  );
  app.put('/api/fields/:id', updateField, async (req) => fields.update(authOf(req), req.params.id, req.body));
  app.delete(
    '/fields/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete a custom field and its values',
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (req) => fields.remove(authOf(req), req.params.id),
  );
};
