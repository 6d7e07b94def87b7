// The list's cells in words: privacy, retention and the topics policy as shared/domain words them, and
// the few the screen words itself (weekly traffic, the folder, when and by whom a channel was created).
import type { ChannelFolder } from '../../../../shared/api/folders';
import type { User } from '../../../../shared/api/users';
import type { RealmChannelPolicy } from '../../../../shared/domain/channel-permissions';
import { PRIVACY_WORDS, privacyOf } from '../../../../shared/domain/channel-privacy';
import { retentionWords } from '../../../../shared/domain/channel-retention';
import { topicsPolicyLabel, topicsPolicyWords } from '../../../../shared/domain/channel-topics';
import type { ChannelEntry } from '../../../../shared/ipc';
import { sanitizeMessageHtml } from '../../components/safe-html';

export const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const count = new Intl.NumberFormat();

/** What the cells need to know beside the channel. */
export interface CellContext {
  policy: RealmChannelPolicy;
  folders: ReadonlyMap<number, ChannelFolder>;
  users: ReadonlyMap<number, User>;
}

export function privacyLabel(entry: ChannelEntry): string {
  return PRIVACY_WORDS[privacyOf(entry.channel)].label;
}

/** In full, for the editor and a cell's title: "Organization default (forever)". */
export function retentionFull(entry: ChannelEntry, context: CellContext): string {
  return retentionWords(entry.channel.message_retention_days, context.policy.messageRetentionDays);
}

/** For the list's narrow column: the organization's default named as such, its value in the title. */
export function retentionCell(entry: ChannelEntry, context: CellContext): string {
  return entry.channel.message_retention_days === null ? 'Organization default' : retentionFull(entry, context);
}

export function topicsFull(entry: ChannelEntry, context: CellContext): string {
  return topicsPolicyWords(entry.channel.topics_policy ?? 'inherit', context.policy.emptyTopicName, context.policy.topicsPolicy);
}

export function topicsCell(entry: ChannelEntry, context: CellContext): string {
  return topicsPolicyLabel(entry.channel.topics_policy ?? 'inherit', context.policy.emptyTopicName);
}

/** upstream's estimate: null for a channel under a week old. */
export function trafficCell(entry: ChannelEntry): string {
  const weekly = entry.channel.stream_weekly_traffic;
  if (weekly === null) return 'Too new to say';
  if (weekly === 0) return 'None lately';
  return `${count.format(weekly)} message${weekly === 1 ? '' : 's'} a week`;
}

export function folderCell(entry: ChannelEntry, context: CellContext): string {
  const id = entry.channel.folder_id;
  if (id == null) return '—';
  const folder = context.folders.get(id);
  if (!folder) return `Folder ${id}`;
  return folder.is_archived ? `${folder.name} (archived)` : folder.name;
}

export function createdDate(entry: ChannelEntry): string {
  return dateFormat.format(entry.channel.date_created * 1000);
}

export function creatorName(entry: ChannelEntry, context: CellContext): string | null {
  const id = entry.channel.creator_id;
  // Unknown while the users load (the list does not wait for them), or for a user gone since.
  return id == null ? null : (context.users.get(id)?.full_name ?? null);
}

export const countWords = (n: number) => count.format(n);

// Rendered descriptions already turned into a line of text: a list shows each row many times.
const descriptionLines = new Map<string, string>();

/**
 * The description as the editor shows it, on one line of plain text: the server's rendering (so
 * "Launch **planning**" reads "Launch planning", as it does everywhere else) made inert by the same
 * sanitizer as messages, its text alone kept. The Markdown itself while no rendering is known.
 */
export function descriptionLine(entry: ChannelEntry): string {
  const { description, rendered_description: rendered } = entry.channel;
  if (!description.trim()) return 'No description';
  if (!rendered) return description;
  let line = descriptionLines.get(rendered);
  if (line === undefined) {
    line = (sanitizeMessageHtml(rendered).textContent ?? '').replace(/\s+/g, ' ').trim() || description;
    descriptionLines.set(rendered, line);
  }
  return line;
}
