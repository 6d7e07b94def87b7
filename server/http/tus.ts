// spec 23: the resumable upload endpoint /api/v1/tus (the tus protocol), served by @tus/server rather
// than by hand. Upstream runs tusd with hooks into the server (zerver/views/tusd.py); the hooks'
// decisions are mirrored here:
// - every request but OPTIONS must authenticate (spec Authentication 4: the API key in the
//   Authorization header), else 401 {"message": "Unauthenticated upload"};
// - creating an upload: a deferred length is refused (411), more than max_file_upload_size_mib is
//   refused (413) with upstream's text, and the upload's ID is a path ID,
//   "<realm>/<random>/<strictly sanitized file name>", so the finished file already lies where
//   POST /user_uploads puts files (<data dir>/uploads/<path_id>);
// - finishing: the attachments row is written, the reply carries {"url", "filename"} as upstream's
//   pre-finish hook returns them, and the file is served at /user_uploads/<path_id> like any upload;
// - a finished upload cannot be terminated (upstream's pre-terminate hook).
// One more rule than upstream (whose tusd trusts its unguessable IDs): an upload is reachable only by
// the user who created it.
import { FileStore } from '@tus/file-store';
import { ERRORS, Server, type Upload } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import {
  contentTypeFor,
  fileTooLargeMessage,
  maxUploadBytes,
  newPathId,
  recordAttachment,
  sanitizeName,
  uploadsDir,
  uploadUrl,
} from '../actions/uploads';
import type { ServerContext } from '../context';
import type { UserRow } from '../db/users';
import { ApiError } from '../lib/errors';
import type { RouteModule } from './route';
import { authenticate } from './auth';
import { API_PREFIX } from './route';

const TUS_PATH = `${API_PREFIX}/tus`;
/** Upload metadata key naming the user who created the upload (set by the server, never by the client). */
const OWNER_KEY = 'sandbox_owner_id';
const PATH_ID = /^\d+\/[A-Za-z0-9]+\/[A-Za-z0-9_.-]+$/;

/** Who sent each request, from authentication before tus sees it, for tus's hooks. */
const actors = new WeakMap<IncomingMessage, UserRow>();

function actorOf(request: Request): UserRow {
  const node = (request as Request & { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
  const actor = node ? actors.get(node) : undefined;
  if (!actor) throw new Error('tus request without an authenticated user');
  return actor;
}

/** upstream reject_upload: a specific 4xx (clients retry a plain 400) with a JSON message. */
const rejection = (status_code: number, message: string) => ({ status_code, body: JSON.stringify({ message }) });

export function createTusServer(ctx: ServerContext): Server {
  const datastore = new FileStore({ directory: uploadsDir(ctx) });
  return new Server({
    path: TUS_PATH,
    datastore,
    // The rest of the API answers no cross-origin requests; neither does this.
    allowedOrigins: [],
    disableTerminationForFinishedUploads: true,
    namingFunction: (_request, metadata) => newPathId(ctx, sanitizeName(metadata?.filename ?? '', { strict: true })),
    // Path IDs hold slashes, and tus takes the last path segment as the ID: carry it base64url-encoded.
    generateUrl: (_request, { path, id }) => `${path}/${Buffer.from(id).toString('base64url')}`,
    getFileIdFromRequest: (_request, lastPath) => {
      const id = lastPath === undefined ? '' : Buffer.from(lastPath, 'base64url').toString('utf8');
      return PATH_ID.test(id) ? id : undefined;
    },
    async onIncomingRequest(request, id) {
      if (request.method === 'POST') return;
      const upload = await datastore.getUpload(id).catch(() => undefined);
      // Someone else's upload looks like no upload at all.
      if (upload && upload.metadata?.[OWNER_KEY] !== String(actorOf(request).id)) throw ERRORS.FILE_NOT_FOUND;
    },
    async onUploadCreate(request, upload) {
      const actor = actorOf(request);
      if (upload.sizeIsDeferred || upload.size === undefined) throw rejection(411, 'SizeIsDeferred is not supported');
      if (upload.size > maxUploadBytes(ctx.config)) throw rejection(413, fileTooLargeMessage(ctx.config));
      return { metadata: { ...upload.metadata, [OWNER_KEY]: String(actor.id) } };
    },
    async onUploadFinish(request, upload) {
      const { url, filename } = finishUpload(ctx, actorOf(request), upload);
      return {
        // A PATCH that completes the upload answers 200 with the body, as upstream's hook does; a POST that
        // already completes it keeps 201, whose Location header clients expect.
        status_code: request.method === 'PATCH' ? 200 : undefined,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ url, filename }),
      };
    },
  });
}

/** upstream handle_upload_pre_finish_hook: the attachment row for the file tus has just completed. */
function finishUpload(ctx: ServerContext, owner: UserRow, upload: Upload): { url: string; filename: string } {
  const sent = upload.metadata?.filename ?? '';
  // a name clients can "Save as"
  const filename = sent === '' || sent === '.' || sent === '..' ? 'uploaded-file' : sent;
  recordAttachment(ctx, owner, {
    pathId: upload.id,
    fileName: filename,
    size: upload.size ?? upload.offset,
    contentType: contentTypeFor(filename, upload.metadata?.filetype ?? ''),
  });
  return { url: uploadUrl(upload.id), filename };
}

export const tusRoutes: RouteModule = (_routes, ctx, app) => {
  const tus = createTusServer(ctx);
  // Upload chunks stay unread, for tus to stream to disk.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // OPTIONS is the protocol's discovery request (and a browser's preflight): no credentials.
    if (request.method !== 'OPTIONS') {
      let actor: UserRow;
      try {
        actor = authenticate(ctx, request);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return reply.code(401).header('Tus-Resumable', '1.0.0').send({ message: 'Unauthenticated upload' });
      }
      actors.set(request.raw, actor);
    }
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
    return reply;
  };
  const methods = ['OPTIONS', 'HEAD', 'POST', 'PATCH', 'DELETE'];
  app.route({ method: methods, url: TUS_PATH, handler });
  app.route({ method: methods, url: `${TUS_PATH}/*`, handler });
};
