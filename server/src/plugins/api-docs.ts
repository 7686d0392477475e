import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

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
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
