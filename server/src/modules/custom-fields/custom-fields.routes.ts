import {
  customFieldBody,
  customFieldSavedAnswer,
  customFieldsAnswer,
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

  route.resource(
    { body: customFieldBody, saved: customFieldSavedAnswer },
    {
      create: ['/api/fields', 'Create a custom field (field_options = Allow Duplicates)', fields.create],
      update: [
        '/api/fields/:id',
        'Update a custom field (not in the spec): refused while existing values do not fit the new type or duplicates exist',
        fields.update,
      ],
      remove: ['/fields/:id', 'Delete a custom field and its values', fields.remove],
    },
  );
  route.ofCaller.get('/api/fields', "The account's custom fields", { 200: customFieldsAnswer }, fields.list);
  route.get(
    '/fields/user/:user_id',
    "Same list, the spec's path",
    { params: userParams, 200: customFieldsAnswer },
    async (req) => fields.list(authOf(req), req.params.user_id),
  );
};
