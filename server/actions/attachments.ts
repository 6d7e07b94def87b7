// spec 23: who may fetch an uploaded file. "Initially only the uploader can access the link; sharing
// requires sending a message containing it": a sent message that links a file is recorded in
// attachment_messages, and whoever may see one of those messages may fetch the file.
// Upstream: zerver/lib/attachments.py validate_attachment_request and
// zerver/actions/message_send.py do_claim_attachments.
import type { ServerContext } from '../context';
import type { Db } from '../db/connection';
import { canViewMessage, type MessageRow, type Viewer } from '../db/message-queries';
import type { UserRow } from '../db/users';

export interface AttachmentRow {
  id: number;
  owner_id: number;
  path_id: string;
  file_name: string;
  size: number;
  content_type: string | null;
  create_time: number;
}

export function getAttachment(db: Db, pathId: string): AttachmentRow | undefined {
  return db.prepare('SELECT * FROM attachments WHERE path_id = ?').get(pathId) as AttachmentRow | undefined;
}

function linkingMessages(db: Db, attachment: AttachmentRow): MessageRow[] {
  return db
    .prepare('SELECT m.* FROM messages m JOIN attachment_messages am ON am.message_id = m.id WHERE am.attachment_id = ? ORDER BY m.id')
    .all(attachment.id) as MessageRow[];
}

/** The uploader, and anyone who may see a message that links the file (received it, or may read its channel's history). */
export function canAccessAttachment(db: Db, viewer: Viewer, attachment: AttachmentRow): boolean {
  if (viewer.id === attachment.owner_id) return true;
  return linkingMessages(db, attachment).some((message) => canViewMessage(db, viewer, message));
}

/**
 * Someone without credentials (upstream's spectators): only files linked from a web-public channel,
 * in an organization that allows public access.
 */
export function canSpectatorAccessAttachment(db: Db, attachment: AttachmentRow): boolean {
  const realm = db.prepare('SELECT enable_spectator_access, web_public_streams_enabled FROM realm').get() as {
    enable_spectator_access: number;
    web_public_streams_enabled: number;
  };
  if (!realm.enable_spectator_access || !realm.web_public_streams_enabled) return false;
  return (
    db
      .prepare(
        `SELECT 1 FROM attachment_messages am JOIN messages m ON m.id = am.message_id JOIN streams s ON s.id = m.stream_id
         WHERE am.attachment_id = ? AND s.is_web_public = 1 AND s.is_archived = 0 LIMIT 1`,
      )
      .get(attachment.id) !== undefined
  );
}

const UPLOAD_LINK = /\/user_uploads\/(\d+\/[^?#]+)$/;

/**
 * The path IDs a rendered message links to: hrefs to /user_uploads/..., relative or on this server
 * (upstream's Markdown collects potential_attachment_path_ids from links the same way).
 */
export function linkedPathIds(renderedHtml: string, realmUrl: string): string[] {
  const found = new Set<string>();
  for (const match of renderedHtml.matchAll(/<a href="([^"]+)"/g)) {
    const href = (match[1] ?? '').replace(/&amp;/g, '&');
    const local = href.startsWith('/') ? href : realmUrl && href.startsWith(`${realmUrl}/`) ? href.slice(realmUrl.length) : null;
    const pathId = local === null ? undefined : UPLOAD_LINK.exec(local)?.[1];
    if (!pathId) continue;
    found.add(pathId);
    try {
      // Markdown percent-encodes what is not ASCII in a link; stored path IDs keep the characters.
      found.add(decodeURIComponent(pathId));
    } catch {
      // not valid percent-encoding: only the raw form can match
    }
  }
  return [...found];
}

/**
 * Records which uploads a new message shares: each file it links that the sender may access (their
 * own, or one shared with them: upstream lets anyone who can see a file share it again). Called inside
 * the message's transaction, so the message and its links commit together.
 */
export function linkAttachments(ctx: Pick<ServerContext, 'db' | 'realmUrl'>, messageId: number, sender: UserRow, renderedHtml: string): void {
  const pathIds = linkedPathIds(renderedHtml, ctx.realmUrl);
  if (pathIds.length === 0) return;
  const link = ctx.db.prepare('INSERT OR IGNORE INTO attachment_messages (attachment_id, message_id) VALUES (?, ?)');
  for (const pathId of pathIds) {
    const attachment = getAttachment(ctx.db, pathId);
    // Checked before this message is linked, or the message itself would grant the sender access.
    if (!attachment || !canAccessAttachment(ctx.db, sender, attachment)) continue;
    link.run(attachment.id, messageId);
  }
}
