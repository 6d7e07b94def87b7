// The Fastify application: body parsers for every encoding upstream clients use (form, JSON,
// multipart), the error envelope for every failure, and the routes of each resource.
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { ApiError } from '../lib/errors';
import { RateLimiter } from './rate-limit';
import { createRoutes, type RouteModule } from './route';
import { collectUploadedFile } from './uploads';

/** How the server is reached and where it logs: set by start.ts from --tls-cert, --tls-key and the data directory. */
export interface AppServerOptions {
  /** PEM certificate (with its chain) and key: the server speaks HTTPS instead of HTTP. */
  https?: { cert: Buffer; key: Buffer };
  /** The request log (server/log-file.ts); none when omitted. */
  logger?: FastifyBaseLogger;
}

export async function buildApp(ctx: ServerContext, modules: readonly RouteModule[], server: AppServerOptions = {}): Promise<FastifyInstance> {
  // Fastify types an HTTPS server apart from an HTTP one; routes use neither's specifics.
  const app = Fastify({
    ...(server.https ? { https: server.https } : {}),
    ...(server.logger ? { loggerInstance: server.logger } : { logger: false }),
    bodyLimit: ctx.config.maxFileUploadSizeMib * 1024 * 1024 + 65_536,
    // Closing (SIGTERM, a test's restart) must not wait on a keep-alive connection Node still counts
    // as busy after a streamed file was sent; long-polls are answered before this.
    forceCloseConnections: true,
  } as Parameters<typeof Fastify>[0]) as unknown as FastifyInstance;
  await app.register(formbody);
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    // spec 23: files keep their name and type for POST /user_uploads, apart from the form fields
    onFile: collectUploadedFile(ctx.config),
    limits: { fileSize: ctx.config.maxFileUploadSizeMib * 1024 * 1024 },
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      void reply.code(error.status).headers(error.headers).send(error.body());
      return;
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    const msg = status === 500 ? 'Internal server error' : error.message;
    if (status === 500 && server.logger) request.log.error({ err: error }, 'unexpected error');
    else if (status === 500) console.error('[sandbox] unexpected error:', error);
    void reply.code(status).send({ result: 'error', msg, code: 'BAD_REQUEST' });
  });
  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).send({ result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' });
  });

  const routes = createRoutes(app, ctx, new RateLimiter(ctx));
  for (const module of modules) module(routes, ctx, app);
  return app;
}
