// A campaign in words and as data for others: its summary (for the screen and the job.progress push),
// counts in words (for the activity log), and the per-address report as CSV.
import { toCsv } from '../../../shared/domain/csv';
import { ROLE_NAMES } from '../../../shared/domain/role-rules';
import { plural } from '../../../shared/domain/plural';
import { formatWhen } from '../../../shared/domain/when';
import { leftOutLine, leftOutWords } from '../../../shared/domain/left-out';
import { OUTCOME_WORDS, REPORT_STATUS_WORDS, RESENT_WORDS, type CampaignSummary, type InviteOutcome, type JobProgress, type ReportStatus } from '../../../shared/ipc';
import type { CampaignRecord } from './campaign-record';
import { countOutcomes } from './campaign-outcomes';

/** Each outcome after a count, for the activity log: "3 already had an account". */
const COUNT_WORDS: Record<InviteOutcome, string> = {
  invited: 'invited',
  already_invited: 'already invited',
  existing: 'already had an account',
  deactivated: 'deactivated',
  invalid: 'invalid',
  outside_domain: 'outside the domain',
  other: 'refused for another reason',
  not_attempted: 'not sent',
  pending: 'still to send',
};

export function summaryOf(record: CampaignRecord, etaSeconds: number | null): CampaignSummary {
  const { id, account, createdAt, finishedAt, status, pauseReason, detail, batchSize, options } = record;
  const counts = countOutcomes(record.addresses);
  return {
    id,
    account,
    createdAt,
    finishedAt,
    status,
    pauseReason,
    detail,
    batchSize,
    total: record.addresses.length,
    counts,
    resent: record.resent.length,
    leftOut: record.leftOut.length,
    // Only a running campaign has time left.
    etaSeconds: status === 'running' ? etaSeconds : null,
    options,
  };
}

export function progressOf(summary: CampaignSummary): JobProgress {
  return {
    id: summary.id,
    type: 'campaign',
    status: summary.status,
    done: summary.total - summary.counts.pending,
    total: summary.total,
    counts: summary.counts,
    etaSeconds: summary.etaSeconds,
    detail: summary.detail,
  };
}

/** "40 invited, 3 already had an account, 77 still to send": the non-zero counts, in report order. */
export function countsInWords(record: CampaignRecord): string {
  const counts = countOutcomes(record.addresses);
  const parts = (Object.keys(COUNT_WORDS) as InviteOutcome[])
    .filter((outcome) => counts[outcome] > 0)
    .map((outcome) => `${counts[outcome]} ${COUNT_WORDS[outcome]}`);
  if (record.resent.length > 0) parts.push(plural(record.resent.length, 'pending invitation resent', 'pending invitations resent'));
  if (record.leftOut.length > 0) parts.push(`${record.leftOut.length} left out`);
  return parts.length > 0 ? parts.join(', ') : 'no addresses';
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** An expiry as a person says it: "10 days", "12 hours", "90 minutes". */
function periodInWords(minutes: number): string {
  if (minutes % 1440 === 0) return counted(minutes / 1440, 'day', 'days');
  if (minutes % 60 === 0) return counted(minutes / 60, 'hour', 'hours');
  return counted(minutes, 'minute', 'minutes');
}

/** What a campaign was asked to do, for the activity log's start entry. */
export function optionsInWords(record: CampaignRecord): string {
  const { options } = record;
  const channels = options.stream_ids.length;
  const groups = options.group_ids.length;
  const subscriptions = options.include_realm_default_subscriptions
    ? `the default channels${channels > 0 ? ` and ${counted(channels, 'more channel', 'more channels')}` : ''}`
    : channels > 0
      ? counted(channels, 'channel', 'channels')
      : 'no channels';
  const expiry = options.invite_expires_in_minutes === null ? 'invitations never expire' : `valid for ${periodInWords(options.invite_expires_in_minutes)}`;
  return [
    `as ${ROLE_NAMES[options.invite_as]}`,
    subscriptions,
    ...(groups > 0 ? [counted(groups, 'group', 'groups')] : []),
    expiry,
    `batches of ${record.batchSize}`,
  ].join('; ');
}

export const REPORT_HEADER = ['Email', 'Name', 'Status', 'Reason'];

/**
 * The addresses with their status and reason: all of them, or (`outcome`) those the screen's filter
 * shows, named so in the file name ("…-deactivated-only.csv"). Names come from a pasted list, so
 * cells are formula-safe.
 */
export function reportCsv(record: CampaignRecord, realmName: string | null, outcome: ReportStatus | null = null): { filename: string; csv: string; rows: number } {
  const shows = (status: ReportStatus) => outcome === null || outcome === status;
  const rows = [
    ...record.addresses.filter((address) => shows(address.outcome)).map((address) => [address.email, address.name, OUTCOME_WORDS[address.outcome], address.reason]),
    ...(shows('resent') ? record.resent : []).map((address) => [address.email, address.name, REPORT_STATUS_WORDS.resent, RESENT_WORDS]),
    ...(shows('left_out') ? record.leftOut : []).map((address) => [leftOutLine(address), address.name, REPORT_STATUS_WORDS.left_out, leftOutWords(address)]),
  ];
  const day = new Date(record.createdAt).toISOString().slice(0, 10);
  const realm = slug(realmName ?? 'realm') || 'realm';
  const which = outcome === null ? '' : `-${slug(REPORT_STATUS_WORDS[outcome])}-only`;
  return { filename: `invitations-${realm}-${day}-${record.id}${which}.csv`, csv: toCsv(REPORT_HEADER, rows), rows: rows.length };
}

/** Letters and digits, the rest as single dashes, lowercase: safe in a file name on every system. */
function slug(text: string): string {
  return text.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').toLowerCase();
}

/**
 * A campaign as the Invitations screen names it, by when it started ("Campaign of Nov 27, 2026,
 * 10:04 PM"), never by its internal ID, with its size: "3 addresses (campaign of Nov 27, 2026, 10:04 PM)".
 */
export function campaignInWords(record: CampaignRecord): string {
  return `${plural(record.addresses.length, 'address', 'addresses')} (campaign of ${formatWhen(record.createdAt)})`;
}
