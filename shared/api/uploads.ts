// spec 23: upload a file. The file is the multipart body, so the params object is empty; the client
// sends the file beside it. The size ceiling is the register response's `max_file_upload_size_mib`.
// Upstream documents it: https://zulip.com/api/upload-file.
import { z } from 'zod';
import { endpoint, successEnvelope } from './envelope';

/** spec Limits: from this size on, the plain endpoint may time out (the resumable /api/v1/tus may not). */
export const UPLOAD_TIMEOUT_RISK_MB = 25;

/** The reply as sent. Servers before feature level 272 send only `uri`, and `filename` came later still. */
export const uploadFileReplyFields = successEnvelope({
  url: z.string().optional(),
  /** Deprecated alias of `url` (spec Versioning: feature level 272). */
  uri: z.string().optional(),
  /** The stored name; see uploadLinkMarkdown. */
  filename: z.string().optional(),
});

/** The stored name is the last segment of the upload's URL. */
function filenameOf(url: string): string {
  const last = url.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * The spec's reply (`url`, `uri`, `filename` all present) from whatever the server sent: `url` from `uri`
 * for older servers, and `filename` from the URL. A reply with neither `url` nor `uri` fails at `url`.
 */
export const uploadFileReply = uploadFileReplyFields.transform((reply, ctx) => {
  const url = reply.url ?? reply.uri;
  if (url === undefined) {
    ctx.addIssue({ code: 'custom', path: ['url'], message: 'Missing url (or the older uri)', input: reply });
    return z.NEVER;
  }
  return { ...reply, url, uri: reply.uri ?? url, filename: reply.filename ?? filenameOf(url) };
});
export type UploadFileReply = z.output<typeof uploadFileReply>;

// Also accepts cookies or an API key in the Authorization header (spec Authentication 4); the
// console always uses Basic credentials. Only the uploader can open the link until it is sent.
export const uploadFile = endpoint('POST', '/user_uploads', z.object({}), uploadFileReply, { spec: 23, upload: true });

/** The Markdown link to an upload, as the spec says clients build it: `[filename](url)` without [ and ]. */
export function uploadLinkMarkdown(filename: string, url: string): string {
  return `[${filename.replace(/[[\]]/g, '')}](${url})`;
}
