import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { requireAuth } from '../auth/guards';

/** Answers by HTTP status, as the OpenAPI document lists them. */
type Answers = { [status: number]: ZodType };

/** What is a route's own beside its summary: its inputs, a longer description, media types, its answers by status. */
export interface RouteParts extends Answers {
  description?: string;
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
  consumes?: string[];
  produces?: string[];
}

/** The Fastify schema a route gets: its parts, with its answers and the area's error answers as `response`. */
type SchemaOf<P extends RouteParts, E extends Answers> = Omit<P, number> & {
  tags: string[];
  summary: string;
  response: Pick<P, Extract<keyof P, number>> & E;
};

/** The handler, typed from the schema by the zod type provider as `app.get(url, { schema }, handler)` types it. */
type Handler<P extends RouteParts, E extends Answers> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<P, E>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** Route options beside the schema that a route may need (a larger body, say). */
type Extra = Pick<RouteOptions, 'bodyLimit'>;

type Guard = (req: FastifyRequest) => Promise<void>;

export interface Area<E extends Answers> {
  /** The OpenAPI tags of the area's routes. */
  tags: string[];
  /** The error answers every route of the area may give. */
  errors: E;
  /** The guard before each route: `requireAuth` unless another is named; `null` for a public route. */
  onRequest?: Guard | null;
  /** The security the OpenAPI document names, where it is not the bearer token (`[]`: none). */
  security?: Record<string, string[]>[];
}

/**
 * Declares an area's routes. Every route of an area shares its tags, error answers and guard, so they are
 * written once here; a route says only what is its own: method, path, summary, inputs, answers, and the
 * handler, which calls one service method (a route is HTTP only: docs/ARCHITECTURE.md, "The layers").
 *
 *   const route = routeKit(app, { tags: ['FAQs'], errors });
 *   route.delete('/api/faqs/:id', 'Delete a FAQ', { params: idParams, 200: messageResponse }, async (req) => …);
 *
 * The route is registered with the schema an options object written out in full gave, so validation, the
 * OpenAPI document at /api/docs and the handler's types are the same.
 */
export function routeKit<E extends Answers>(
  app: FastifyInstance<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    FastifyBaseLogger,
    ZodTypeProvider
  >,
  area: Area<E>,
) {
  const onRequest = area.onRequest === undefined ? requireAuth : area.onRequest;
  const security = area.security ? { security: area.security } : {};
  const declare =
    (method: HTTPMethods) =>
    <P extends RouteParts>(
      url: string,
      summary: string,
      parts: P,
      handler: Handler<P, E>,
      extra: Extra = {},
    ) => {
      const own: Record<string, unknown> = {};
      const answers: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(parts)) (/^\d+$/.test(key) ? answers : own)[key] = value;
      app.route({
        method,
        url,
        ...(onRequest ? { onRequest } : {}),
        ...extra,
        schema: { tags: area.tags, ...security, summary, ...own, response: { ...answers, ...area.errors } },
        handler: handler as RouteOptions['handler'],
      });
    };
  return {
    get: declare('GET'),
    post: declare('POST'),
    put: declare('PUT'),
    patch: declare('PATCH'),
    delete: declare('DELETE'),
  };
}

/** The OpenAPI security of the routes a time station calls: a station token, or a signed-in user's token. */
export const STATION_SECURITY: Record<string, string[]>[] = [{ bearer: [] }, { station: [] }];
