import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type Transformed = { produces?: string[]; response?: Record<string, unknown> };

/**
 * A file answer (CSV, PDF, XLSX) declares `produces`, and swagger would list every answer of the route
 * under that file type; its error answers are JSON all the same, so they are documented as JSON.
 */
const transform: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const { produces, response } = out.schema as Transformed;
  if (produces && response)
    for (const code of Object.keys(response))
      if (!code.startsWith('2'))
        response[code] = { content: { 'application/json': { schema: response[code] } } };
  return out;
};

/** OpenAPI built from the routes' zod schemas, with Swagger UI at /api/docs. */
export async function apiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Punchclock API',
        version: '1.0.0',
        description:
          'Every call of the Punchclock product. Errors are JSON `{message, code, errors?}`: `code` is stable, the message is for people.',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'A login token; the raw token without "Bearer " is accepted too.',
          },
          station: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'A time station: `Station <token>` (or the header X-Station-Token).',
          },
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-API-Key',
            description:
              'An API key made on /APIKeys: read-only calls under /api/integration, within the scopes chosen for the key.',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
