// The register snapshot's per-user sections from the rest of the spec (issue 4): drafts, saved
// snippets, scheduled messages, presence, statuses, personal settings, linkifiers and custom emoji.
import type { ClientCapabilities } from '../../shared/api';
import { seconds } from '../lib/clock';
import type { ServerContext } from '../context';
import { listDrafts } from '../db/draft-queries';
import { linkifiersSnapshot } from '../db/linkifier-queries';
import { presenceSnapshot } from '../db/presence-queries';
import { listScheduledMessages } from '../db/scheduled-queries';
import { listSavedSnippets } from '../db/snippet-queries';
import { userStatusSnapshot } from '../db/status-queries';
import { userSettings, type UserRow } from '../db/users';

/** upstream: the register snapshot carries at most this many drafts, newest first. */
const MAX_DRAFTS_IN_SNAPSHOT = 1000;

export interface SectionOptions {
  want(type: string): boolean;
  slimPresence: boolean;
  presenceHistoryLimitDays: number;
  capabilities: ClientCapabilities;
}

export function userSections(ctx: ServerContext, user: UserRow, options: SectionOptions): Record<string, unknown> {
  const { db } = ctx;
  const { want } = options;
  const sections: Record<string, unknown> = {};
  const settings = userSettings(user);
  if (want('drafts')) {
    sections.drafts = settings.enable_drafts_synchronization === false ? [] : listDrafts(db, user.id).reverse().slice(0, MAX_DRAFTS_IN_SNAPSHOT);
  }
  if (want('saved_snippets')) sections.saved_snippets = listSavedSnippets(db, user.id);
  if (want('scheduled_messages')) sections.scheduled_messages = listScheduledMessages(db, user.id);
  if (want('presence')) {
    const now = seconds(ctx.clock);
    sections.presences = presenceSnapshot(db, { slim: options.slimPresence, historyLimitDays: options.presenceHistoryLimitDays, now });
    sections.server_timestamp = now;
  }
  if (want('user_status')) sections.user_status = userStatusSnapshot(db);
  if (want('user_settings')) sections.user_settings = settings;
  // spec 21: without linkifier_url_template the list is empty.
  if (want('realm_linkifiers')) sections.realm_linkifiers = options.capabilities.linkifier_url_template ? linkifiersSnapshot(db) : [];
  if (want('realm_emoji')) sections.realm_emoji = realmEmoji(ctx);
  return sections;
}

/** upstream get_all_custom_emoji_for_realm: every custom emoji by ID, deactivated ones included. */
function realmEmoji(ctx: ServerContext): Record<string, unknown> {
  const rows = ctx.db.prepare('SELECT id, name, file_name, author_id, deactivated FROM realm_emoji ORDER BY id').all() as {
    id: number;
    name: string;
    file_name: string;
    author_id: number | null;
    deactivated: number;
  }[];
  return Object.fromEntries(
    rows.map((row) => [
      String(row.id),
      { id: String(row.id), name: row.name, source_url: `/user_avatars/1/emoji/images/${row.file_name}`, still_url: null, deactivated: Boolean(row.deactivated), author_id: row.author_id },
    ]),
  );
}
