// spec 23: POST /user_uploads (the file is the multipart body) and serving the files at
// /user_uploads/<path_id>, on the site rather than under /api/v1, as upstream does
// (zerver/views/upload.py upload_file_backend and serve_file).
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { uploadFile } from '../../shared/api';
import { canAccessAttachment, canSpectatorAccessAttachment, getAttachment, type AttachmentRow } from '../actions/attachments';
import { fileTooLargeMessage, storeUpload, uploadFilePath, type UploadedFile } from '../actions/uploads';
import type { ServerContext } from '../context';
import { badRequest } from '../lib/errors';
import type { RouteModule } from './route';
import { authenticate } from './auth';

const filesByRequest = new WeakMap<FastifyRequest, UploadedFile[]>();

/**
 * The multipart plugin's onFile hook (app.ts): reads each file part, keeping its name and type for the
 * upload endpoint, and takes it out of the form fields, so that no endpoint mistakes a file for a
 * parameter (upstream keeps files in request.FILES, apart from the parameters).
 */
export function collectUploadedFile(config: ServerContext['config']) {
  return async function onFile(this: FastifyRequest, part: MultipartFile): Promise<void> {
    let data: Buffer;
    try {
      data = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(fileTooLargeMessage(config));
      throw error;
    }
    const files = filesByRequest.get(this) ?? [];
    files.push({ fileName: part.filename, contentType: part.mimetype, data });
    filesByRequest.set(this, files);
    Reflect.deleteProperty(part.fields, part.fieldname);
  };
}

export const uploadRoutes: RouteModule = (routes, ctx, app) => {
  routes.authed(uploadFile, async (actor, _params, { request }) => {
    // upstream upload_file_backend: exactly one file, whatever its field is called
    const files = filesByRequest.get(request) ?? [];
    if (files.length === 0) throw badRequest('You must specify a file to upload');
    if (files.length > 1) throw badRequest('You may only upload one file at a time');
    return { ...(await storeUpload(ctx, actor, files[0]!)) };
  });

  // Files are served to the uploader, and to whoever may see a message that links them (actions/attachments.ts).
  app.get('/user_uploads/*', (request, reply) => serveFile(ctx, request, reply, false));
  // upstream's variant that always downloads rather than shows the file
  app.get('/user_uploads/download/*', (request, reply) => serveFile(ctx, request, reply, true));
};

/**
 * upstream serve_file: 404 for an unknown file, 403 for a signed-in user who may not see it. Without
 * credentials, files shared in web-public channels are served; otherwise the request must sign in
 * (upstream redirects a browser to its login page; the sandbox has none, so it answers as every API
 * endpoint does without credentials: 401 UNAUTHORIZED).
 */
async function serveFile(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply, forceDownload: boolean): Promise<FastifyReply> {
  const pathId = (request.params as { '*': string })['*'];
  const attachment = getAttachment(ctx.db, pathId);
  if (!attachment) return htmlError(reply, 404, '<p>This file does not exist or has been deleted.</p>');
  if (request.headers.authorization === undefined && canSpectatorAccessAttachment(ctx.db, attachment)) {
    return sendFile(ctx, reply, attachment, forceDownload);
  }
  const viewer = authenticate(ctx, request);
  if (!canAccessAttachment(ctx.db, viewer, attachment)) return htmlError(reply, 403, '<p>You are not authorized to view this file.</p>');
  return sendFile(ctx, reply, attachment, forceDownload);
}

// upstream INLINE_MIME_TYPES: what a browser may show in place; anything else is downloaded, so an
// uploaded HTML or SVG file can never run script on the server's origin.
const INLINE_MIME_TYPES = new Set([
  'application/pdf',
  'audio/aac',
  'audio/flac',
  'audio/mp4',
  'audio/mpeg',
  'audio/wav',
  'audio/webm',
  'image/apng',
  'image/avif',
  'image/gif',
  'image/jpeg',
  'image/png',
  'image/webp',
  'video/mp4',
  'video/webm',
]);

async function sendFile(ctx: ServerContext, reply: FastifyReply, attachment: AttachmentRow, forceDownload: boolean): Promise<FastifyReply> {
  const filePath = uploadFilePath(ctx, attachment.path_id);
  const stats = await stat(filePath).catch(() => null);
  if (!stats?.isFile()) return htmlError(reply, 404, '<p>File not found</p>');
  const contentType = attachment.content_type ?? 'application/octet-stream';
  const bareType = contentType.split(';')[0]!.trim().toLowerCase();
  const download = forceDownload || !INLINE_MIME_TYPES.has(bareType);
  return reply
    .header('Content-Type', contentType)
    .header('Content-Length', String(stats.size))
    .header('Content-Disposition', contentDisposition(download, attachment.file_name))
    .header('Cache-Control', 'private, immutable')
    .header('X-Content-Type-Options', 'nosniff')
    .send(createReadStream(filePath));
}

/** Django's content_disposition_header: a quoted name when it is plain ASCII, else RFC 5987's filename*. */
export function contentDisposition(asAttachment: boolean, fileName: string): string {
  const disposition = asAttachment ? 'attachment' : 'inline';
  if (/^[\t\x20-\x7e]*$/.test(fileName)) return `${disposition}; filename="${fileName.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  const encoded = encodeURIComponent(fileName).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename*=utf-8''${encoded}`;
}

function htmlError(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).header('Content-Type', 'text/html; charset=utf-8').send(body);
}
