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
import { idParams, messageResponse } from '@punchclock/contract';
import type { z, ZodType } from 'zod';
import { type AuthContext, authOf, requireAuth } from '../auth/guards';

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

/** What a route answers with 200, as its handler returns it. */
type Ok<P> = P extends { 200: infer S extends ZodType } ? z.input<S> : never;

/** The parts of a route whose path names `:id` (the kit adds `params`) or that takes no input at all. */
type CallParts = Omit<RouteParts, 'params' | 'body' | 'querystring'>;

/** The parts of a route with no path parameters: a body or a query string at most, which the kit hands on. */
type OwnParts = Omit<RouteParts, 'params'>;

/** The input a route hands its service method: its body, else its query string. */
type Input<P> = P extends { body: infer B extends ZodType }
  ? z.output<B>
  : P extends { querystring: infer Q extends ZodType }
    ? z.output<Q>
    : undefined;

/** A route of a resource: its path, its summary and the service method it calls. */
type ResourceRoute<F> = readonly [url: string, summary: string, call: F];

/**
 * A record the caller's account owns, made from a body and changed and deleted by id (`route.resource`). Each
 * call is a service method taking the caller first; services are closures, so a method is passed as it is.
 */
export interface ResourceRoutes<In, Changes, Saved> {
  /** POST: the body → 201 with what was saved. */
  create?: ResourceRoute<(auth: AuthContext, body: In) => Promise<Saved>>;
  /** PUT with `:id`: the body (`changes` where it is not the create's) → what was saved. */
  update?: ResourceRoute<(auth: AuthContext, id: number, body: Changes) => Promise<Saved>>;
  /** DELETE with `:id` → `{message}`. */
  remove?: ResourceRoute<(auth: AuthContext, id: number) => Promise<z.input<typeof messageResponse>>>;
}

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
  const register = (
    method: HTTPMethods,
    url: string,
    summary: string,
    parts: RouteParts,
    handler: RouteOptions['handler'],
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
      handler,
    });
  };
  const declare =
    (method: HTTPMethods) =>
    <P extends RouteParts>(
      url: string,
      summary: string,
      parts: P,
      handler: Handler<P, E>,
      extra: Extra = {},
    ) =>
      register(method, url, summary, parts, handler as RouteOptions['handler'], extra);

  /**
   * Declares a resource's create, update and delete routes at once (docs/ARCHITECTURE.md, "How a route is
   * declared"): the 201 of a create, the `:id` parameter, `{message}` of a delete and the caller handed to the
   * service are written here, not again in every module.
   *
   *   route.resource({ body: faqBody, saved: faqSavedAnswer }, {
   *     create: ['/api/faqs', 'Add a FAQ', faqs.create],
   *     update: ['/api/faqs/:id', 'Change a FAQ', faqs.update],
   *     remove: ['/api/faqs/:id', 'Delete a FAQ', faqs.remove],
   *   });
   */
  function resource<B extends ZodType, S extends ZodType, C extends ZodType = B>(
    schemas: { body: B; saved: S; changes?: C },
    routes: ResourceRoutes<z.output<B>, z.output<C>, z.input<S>>,
  ) {
    const { create, update, remove } = routes;
    if (create) {
      const [url, summary, call] = create;
      register('POST', url, summary, { body: schemas.body, 201: schemas.saved }, async (req, reply) =>
        reply.code(201).send(await call(authOf(req), req.body as z.output<B>)),
      );
    }
    if (update) {
      const [url, summary, call] = update;
      const body = schemas.changes ?? schemas.body;
      register('PUT', url, summary, { params: idParams, body, 200: schemas.saved }, async (req) =>
        call(authOf(req), idOf(req), req.body as z.output<C>),
      );
    }
    if (remove) {
      const [url, summary, call] = remove;
      register('DELETE', url, summary, { params: idParams, 200: messageResponse }, async (req) =>
        call(authOf(req), idOf(req)),
      );
    }
  }

  /**
   * Routes that only hand the caller to a service method, the record's `:id` with it for `byId`, the body or
   * query string for `ofCaller`:
   * `route.byId.get('/api/departments/:id', 'One department', { 200: departmentDetailAnswer }, departments.get)`
   * (docs/ARCHITECTURE.md, "How a route is declared").
   */
  const idOf = (req: FastifyRequest) => (req.params as z.output<typeof idParams>).id;
  const byId =
    (method: HTTPMethods) =>
    <P extends CallParts>(
      url: string,
      summary: string,
      parts: P,
      call: (auth: AuthContext, id: number) => Promise<Ok<P>>,
    ) =>
      register(method, url, summary, { params: idParams, ...parts }, async (req) =>
        call(authOf(req), idOf(req)),
      );
  const ofCaller =
    (method: HTTPMethods) =>
    <P extends OwnParts>(
      url: string,
      summary: string,
      parts: P,
      call: (auth: AuthContext, input: Input<P>) => Promise<Ok<P>>,
    ) =>
      register(method, url, summary, parts, async (req) =>
        call(authOf(req), (parts.body ? req.body : parts.querystring ? req.query : undefined) as Input<P>),
      );

  return {
    byId: { get: byId('GET'), post: byId('POST'), delete: byId('DELETE') },
    ofCaller: { get: ofCaller('GET'), post: ofCaller('POST'), put: ofCaller('PUT') },
    get: declare('GET'),
    post: declare('POST'),
    put: declare('PUT'),
    patch: declare('PATCH'),
    delete: declare('DELETE'),
    resource,
  };
}

/** The OpenAPI security of the routes a time station calls: a station token, or a signed-in user's token. */
export const STATION_SECURITY: Record<string, string[]>[] = [{ bearer: [] }, { station: [] }];
