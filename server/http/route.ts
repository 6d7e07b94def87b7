// Registers a shared/api endpoint as a route: authenticate, parse the parameters with the endpoint's
// schema, run the handler, and wrap what it returns in the success envelope (routes parse, actions do:
// docs/server.md, "Layout").
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '../../shared/api';
import type { ServerContext } from '../context';
import type { UserRow } from '../db/users';
import { authenticate } from './auth';
import { parseParams } from './params';
import type { RateLimiter } from './rate-limit';

export const API_PREFIX = '/api/v1';

export interface RouteInfo {
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<E extends Endpoint, A> = (
  actor: A,
  params: z.output<E['params']>,
  info: RouteInfo,
) => Record<string, unknown> | Promise<Record<string, unknown>>;

export interface Routes {
  /** An endpoint that needs credentials (spec Authentication 1). */
  authed<E extends Endpoint>(endpoint: E, handler: Handler<E, UserRow>): void;
  /** An endpoint without credentials (POST /fetch_api_key). */
  anonymous<E extends Endpoint>(endpoint: E, handler: Handler<E, null>): void;
  /** An endpoint where credentials are optional (POST /register with public access). */
  optional<E extends Endpoint>(endpoint: E, handler: Handler<E, UserRow | null>): void;
}

/** One resource's routes: registered through `routes`, or on the Fastify app itself (uploads, tus). */
export type RouteModule = (routes: Routes, ctx: ServerContext, app: FastifyInstance) => void;

export function createRoutes(app: FastifyInstance, ctx: ServerContext, limiter: RateLimiter): Routes {
  const register = <E extends Endpoint, A extends UserRow | null>(endpoint: E, resolveActor: (request: FastifyRequest) => A, handler: Handler<E, A>) => {
    app.route({
      method: endpoint.method,
      // Path IDs are integers (spec Conventions 6): like upstream's `<int:...>` routes, a path whose ID
      // is not digits matches no route and gets the not-found reply, whatever the method.
      url: API_PREFIX + endpoint.path.replace(/\{(\w+)\}/g, ':$1(^\\d+$)'),
      handler: async (request, reply) => {
        const actor = resolveActor(request);
        if (actor) limiter.check(actor.id);
        const { params, ignored } = parseParams(endpoint.params, rawParams(request));
        const body = await handler(actor, params as z.output<E['params']>, { request, reply });
        return { result: 'success', msg: '', ...body, ...(ignored.length ? { ignored_parameters_unsupported: ignored } : {}) };
      },
    });
  };
  return {
    authed: (endpoint, handler) => register(endpoint, (request) => authenticate(ctx, request), handler),
    anonymous: (endpoint, handler) => register(endpoint, () => null, handler),
    optional: (endpoint, handler) =>
      register(endpoint, (request) => (request.headers.authorization ? authenticate(ctx, request) : null), handler),
  };
}

/** Query string, body and path parameters together; upstream clients put PATCH and DELETE params in the query. */
function rawParams(request: FastifyRequest): Record<string, unknown> {
  // No prototype: a parameter named `__proto__` is a key like any other, never the object's prototype.
  const merged = Object.create(null) as Record<string, unknown>;
  for (const source of [request.query, request.body, request.params]) {
    if (!source || typeof source !== 'object' || Buffer.isBuffer(source)) continue;
    for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
      merged[key] = Array.isArray(value) && value.every((item) => typeof item === 'string') ? value[value.length - 1] : value;
    }
  }
  return merged;
}
