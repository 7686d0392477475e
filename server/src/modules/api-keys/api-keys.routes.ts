import {
  apiKeyCreateBody,
  apiKeyErrors as errors,
  apiKeyRenameBody,
  apiKeyRevealAnswer,
  apiKeySavedAnswer,
  apiKeysAnswer,
  messages,
} from '@punchclock/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../auth/guards';
import { routeKit } from '../routes-kit';
import { repositories } from '../unit-of-work';
import { badRequest, type FieldErrors } from '../../lib/errors';
import { readUpload } from '../../lib/uploads';
import { apiKeysRepositories } from './api-keys.repository';
import { apiKeysService } from './api-keys.service';
import { keyVault } from './key-vault';

/** The old client sends the new key as multipart {key_name, key_value}; JSON is taken too. */
async function createBody(req: FastifyRequest) {
  const raw = req.isMultipart() ? (await readUpload(req, 'none', 1)).fields : req.body;
  const parsed = apiKeyCreateBody.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const errs: FieldErrors = {};
  for (const issue of parsed.error.issues) (errs[issue.path.join('.') || 'body'] ??= []).push(issue.message);
  throw badRequest(parsed.error.issues[0]?.message ?? messages.general.badInput, errs);
}

export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['API keys'], errors });
  const keys = apiKeysService({
    ...repositories(app.deps.db, apiKeysRepositories),
    vault: keyVault(app.deps.config.appSecret),
  });

  route.post(
    '/api/apikeys',
    'Create an API key (managers): multipart or JSON {key_name, key_value, scopes?}. key_value is 32 to 200 characters without spaces; it is stored encrypted (AES-256-GCM) and looked up by its SHA-256. scopes: employees:read, departments:read, punches:read, reports:read (a list, or comma-separated in a form); all four when left out. A key only ever reads.',
    { consumes: ['multipart/form-data', 'application/json'], 201: apiKeySavedAnswer },
    async (req, reply) => reply.code(201).send(await keys.create(authOf(req), await createBody(req))),
  );
  route.ofCaller.get(
    '/api/apikeys',
    "The account's API keys (managers) as all_keys; key_value is masked (its last 4 characters): GET /api/apikeys/{id}/reveal answers the value",
    { 200: apiKeysAnswer },
    keys.list,
  );
  route.byId.get(
    '/api/apikeys/:id/reveal',
    "An API key's value (managers; the Reveal button), written to the activity log",
    { 200: apiKeyRevealAnswer },
    keys.reveal,
  );
  route.resource(
    { body: apiKeyRenameBody, saved: apiKeySavedAnswer },
    {
      update: [
        '/api/apikeys/:id',
        'Rename an API key (managers): {key_name}; answers the updated key',
        (auth, id, body) => keys.rename(auth, id, body.key_name),
      ],
      remove: [
        '/api/apikeys/:id',
        'Delete an API key (managers): calls made with it are refused from now on',
        keys.remove,
      ],
    },
  );
};
