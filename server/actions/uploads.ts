// spec 23: storing an uploaded file. The bytes go to <data dir>/uploads/<path_id> and a row to
// `attachments`; the file is served at /user_uploads/<path_id> (http/uploads.ts) to those allowed by
// actions/attachments.ts. Upstream: zerver/views/upload.py upload_file_backend and
// zerver/lib/upload/__init__.py (sanitize_name, upload_message_attachment, get_file_info).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { seconds } from '../lib/clock';
import type { ServerConfig } from '../config';
import type { ServerContext } from '../context';
import type { UserRow } from '../db/users';
import { badRequest } from '../lib/errors';

/** The realm's ID in path IDs (the sandbox holds one organization, `realm.id = 1`). */
const REALM_ID = 1;

export interface UploadedFile {
  /** The name the client gave (Content-Disposition filename, or tus `filename` metadata). */
  fileName: string;
  /** The part's Content-Type, or '' when the client sent none. */
  contentType: string;
  data: Buffer;
}

/** The reply of spec 23 (upstream sends `uri` too, as a deprecated alias of `url`). */
export interface UploadReply {
  url: string;
  uri: string;
  filename: string;
}

export const maxUploadBytes = (config: ServerConfig) => config.maxFileUploadSizeMib * 1024 * 1024;

/** upstream's text for a self-hosted server (plan-limited realms get another text, not applicable here). */
export const fileTooLargeMessage = (config: ServerConfig) =>
  `File is larger than this server's configured maximum upload size (${config.maxFileUploadSizeMib} MiB).`;

export const uploadsDir = (ctx: Pick<ServerContext, 'dataDir'>) => path.join(ctx.dataDir, 'uploads');

/** Where a path ID's bytes live; never outside the uploads folder, whatever the ID holds. */
export function uploadFilePath(ctx: Pick<ServerContext, 'dataDir'>, pathId: string): string {
  const root = path.resolve(uploadsDir(ctx));
  const resolved = path.resolve(root, pathId);
  if (!resolved.startsWith(root + path.sep)) throw badRequest('Invalid path');
  return resolved;
}

/**
 * upstream sanitize_name: safe in a file system and in a URL. Unicode letters and digits stay unless
 * `strict` (tus, whose upstream daemon is not Unicode-aware); runs of spaces and dashes become one dash.
 */
export function sanitizeName(value: string, options: { strict?: boolean } = {}): string {
  let name = options.strict ? value.replace(/[^A-Za-z0-9_ .-]/g, '').trim() : value.normalize('NFKC').replace(/[^\p{L}\p{N}_\s.-]/gu, '').trim();
  name = name.replace(/[-\s]+/gu, '-');
  return name === '' || name === '.' || name === '..' ? 'uploaded-file' : name;
}

/** "<realm id>/<random>/<sanitized name>", as upstream's generate_message_upload_path (S3 layout). */
export const newPathId = (ctx: Pick<ServerContext, 'ids'>, sanitizedName: string) => `${REALM_ID}/${ctx.ids.token(24)}/${sanitizedName}`;

/** The URL (relative to the server) a path ID is served at. */
export const uploadUrl = (pathId: string) => `/user_uploads/${pathId}`;

// A few common types, for files sent without a Content-Type (upstream guesses with Python's mimetypes).
const TYPES_BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  html: 'text/html',
  json: 'application/json',
  pdf: 'application/pdf',
  zip: 'application/zip',
  gz: 'application/gzip',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/**
 * upstream get_file_info: the client's type, else a guess from the name, else application/octet-stream.
 * The generic application/octet-stream also counts as no type: fetch and browsers send it for a file
 * of unknown type, and the multipart parser cannot tell a part without a type (it reports text/plain).
 */
export function contentTypeFor(fileName: string, sent: string | undefined): string {
  if (sent && sent !== 'application/octet-stream') return sent;
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return TYPES_BY_EXTENSION[extension] ?? 'application/octet-stream';
}

/** upstream unquotes the multipart filename (urllib.parse.unquote, which leaves bad escapes alone). */
function unquote(name: string): string {
  return name.replace(/(%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** spec 23: stores one uploaded file for its uploader. The caller has already checked the size. */
export async function storeUpload(ctx: ServerContext, owner: UserRow, file: UploadedFile): Promise<UploadReply> {
  const fileName = unquote(file.fileName);
  const pathId = newPathId(ctx, sanitizeName(fileName));
  const target = uploadFilePath(ctx, pathId);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, file.data);
  try {
    recordAttachment(ctx, owner, { pathId, fileName, size: file.data.length, contentType: contentTypeFor(fileName, file.contentType) });
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
  const url = uploadUrl(pathId);
  // upstream returns the name as uploaded (not the sanitized one in the path)
  return { url, uri: url, filename: fileName };
}

export interface NewAttachment {
  pathId: string;
  fileName: string;
  size: number;
  contentType: string;
}

/** The attachments row for a file already in place (a plain upload, or a finished tus upload). */
export function recordAttachment(ctx: ServerContext, owner: Pick<UserRow, 'id'>, attachment: NewAttachment): void {
  ctx.db
    .prepare('INSERT INTO attachments (owner_id, path_id, file_name, size, content_type, create_time) VALUES (?, ?, ?, ?, ?, ?)')
    .run(owner.id, attachment.pathId, attachment.fileName, attachment.size, attachment.contentType, seconds(ctx.clock));
}
