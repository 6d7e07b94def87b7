// What a bulk subscriber job's record says, worked out from what the server showed: the outcomes of a
// batch whose reply was lost, read from the channel's members afterwards, and the activity log's entry
// for each channel once the job is over. Pure: the job (subscriber-job.ts) does the asking and saving.
import { BULK_SUBSCRIBER_OUTCOME_WORDS, type BulkSubscriberResult } from '../../../shared/ipc';
import type { NewActivityEntry } from '../activity/activity-log';
import { channelLabel } from './channel-words';
import type { SubscriberJobRecord, Unsettled } from './subscriber-journal';
import { formatWhen } from '../../../shared/domain/when';

/** The batch has its outcomes: it leaves the journal's list of requests whose fate is unknown. */
export function settled(record: SubscriberJobRecord, entry: Unsettled): void {
  record.unsettled = record.unsettled.filter((each) => each !== entry);
}

/**
 * Gives each user of an unanswered batch the outcome the channel's `members` (read after it) show:
 * added or already subscribed, removed or not subscribed, by who was a member just before the batch.
 * Those the server shows unchanged get `leftover` as a failure, or stay pending (null) to be sent.
 */
export function settleFromMembers(record: SubscriberJobRecord, entry: Unsettled, members: ReadonlySet<number>, leftover: string | null): void {
  const before = new Set(entry.subscribedBefore);
  const wanted = new Set(entry.userIds);
  for (const result of record.results) {
    if (result.channelId !== entry.channelId || !wanted.has(result.userId) || (result.outcome !== 'pending' && result.outcome !== 'failed')) continue;
    const done = record.action === 'add' ? members.has(result.userId) : !members.has(result.userId);
    if (done) {
      const outcome = record.action === 'add' ? (before.has(result.userId) ? 'alreadySubscribed' : 'added') : before.has(result.userId) ? 'removed' : 'notSubscribed';
      Object.assign(result, { outcome, reason: null });
    } else Object.assign(result, leftover === null ? { outcome: 'pending', reason: null } : { outcome: 'failed', reason: leftover });
  }
  settled(record, entry);
}

/** The activity log's entry for one channel of a finished job: its outcomes counted, failed if any failed. */
export function channelActivity(record: SubscriberJobRecord, channel: SubscriberJobRecord['channels'][number]): NewActivityEntry {
  const counts = new Map<BulkSubscriberResult['outcome'], number>();
  for (const result of record.results) if (result.channelId === channel.channelId) counts.set(result.outcome, (counts.get(result.outcome) ?? 0) + 1);
  const failed = (counts.get('failed') ?? 0) + (counts.get('refused') ?? 0);
  return {
    actor: record.actor,
    action: record.action === 'add' ? 'Subscribed users' : 'Unsubscribed users',
    target: channelLabel(channel.name),
    details: [...counts].map(([outcome, n]) => `${n} ${BULK_SUBSCRIBER_OUTCOME_WORDS[outcome].toLowerCase()}`).join(', ') + ` (job of ${formatWhen(record.startedAt)})`,
    result: failed > 0 ? 'failed' : 'ok',
    error: failed > 0 ? (record.results.find((result) => result.channelId === channel.channelId && result.reason)?.reason ?? null) : null,
    channelId: channel.channelId,
    kind: 'subscribers',
    channelIds: [channel.channelId],
    userIds: record.results.filter((result) => result.channelId === channel.channelId).map((result) => result.userId),
  };
}
