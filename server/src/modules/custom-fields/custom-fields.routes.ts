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
import { authOf } from '../../auth/guards';
import { routeKit } from '../routes-kit';
import { repositories } from '../unit-of-work';
import { customFieldsRepositories } from './custom-fields.repository';
import { customFieldsService } from './custom-fields.service';

export const customFieldsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['Custom fields'], errors });
  const fields = customFieldsService(repositories(app.deps.db, customFieldsRepositories));

  route.post(
    '/api/fields',
    'Create a custom field (field_options = Allow Duplicates)',
    { body: customFieldBody, 201: customFieldSavedAnswer },
    async (req, reply) => reply.code(201).send(await fields.create(authOf(req), req.body)),
  );
  route.get('/api/fields', "The account's custom fields", { 200: customFieldsAnswer }, async (req) =>
    fields.list(authOf(req)),
  );
  route.get(
    '/fields/user/:user_id',
    "Same list, the spec's path",
    { params: userParams, 200: customFieldsAnswer },
    async (req) => fields.list(authOf(req), req.params.user_id),
  );
  route.put(
    '/api/fields/:id',
    'Update a custom field (not in the spec): refused while existing values do not fit the new type or duplicates exist',
    { params: idParams, body: customFieldBody, 200: customFieldSavedAnswer },
    async (req) => fields.update(authOf(req), req.params.id, req.body),
  );
  route.delete(
    '/fields/:id',
    'Delete a custom field and its values',
    { params: idParams, 200: messageResponse },
    async (req) => fields.remove(authOf(req), req.params.id),
  );
};
