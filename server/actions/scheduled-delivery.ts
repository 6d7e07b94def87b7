// Delivering scheduled messages when their time comes by the server's clock (upstream
// try_deliver_one_scheduled_message and send_scheduled_message). Each due message is sent through
// POST /messages' own checks, so a message that can no longer be sent (its channel archived, its sender
// deactivated or no longer allowed to post) is marked failed, with upstream's reason, instead.
import { seconds } from '../lib/clock';
import type { ServerContext } from '../context';
import type { ScheduledRow } from '../db/scheduled-queries';
import { getNotificationBot, getUser, type UserRow } from '../db/users';
import { ApiError, badRequest } from '../lib/errors';
import { deliverMessage, sendMessage } from './messages';
import { announceUpdate } from './scheduled';

/** upstream SCHEDULED_MESSAGE_LATE_CUTOFF_MINUTES: later than this, a message is not sent at all. */
const LATE_CUTOFF_SECONDS = 10 * 60;

/**
 * The client recorded on delivered messages. Upstream records the client that scheduled the message;
 * scheduled_messages has no column for it yet.
 */
const DELIVERY_CLIENT = 'Unspecified';

/** Sends every message due by the server's clock, earliest first; returns how many it tried. */
export function deliverDueScheduledMessages(ctx: ServerContext): number {
  const next = ctx.db.prepare(
    `SELECT * FROM scheduled_messages WHERE scheduled_timestamp <= ? AND delivered_message_id IS NULL AND failed = 0
     ORDER BY scheduled_timestamp, id LIMIT 1`,
  );
  let tried = 0;
  for (let row = next.get(seconds(ctx.clock)) as ScheduledRow | undefined; row; row = next.get(seconds(ctx.clock)) as ScheduledRow | undefined) {
    deliverOne(ctx, row);
    tried++;
  }
  return tried;
}

/**
 * Runs delivery every second of real time until the returned function is called. A test's ManualClock
 * moves without real time passing, so delivery also runs whenever the server's clock passes a second.
 */
export function startScheduledDelivery(ctx: ServerContext): () => void {
  let stopped = false;
  const run = () => {
    if (stopped) return;
    try {
      deliverDueScheduledMessages(ctx);
    } catch (error) {
      console.error('[sandbox] scheduled message delivery failed:', error);
    }
  };
  const timer = setInterval(run, 1000);
  timer.unref();
  void (async () => {
    while (!stopped) {
      await ctx.clock.sleep(1000);
      run();
    }
  })();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

function deliverOne(ctx: ServerContext, row: ScheduledRow): void {
  const sender = getUser(ctx.db, row.sender_id) as UserRow;
  try {
    const messageId = send(ctx, sender, row);
    ctx.db.prepare('UPDATE scheduled_messages SET delivered_message_id = ? WHERE id = ?').run(messageId, row.id);
    ctx.events.publish([row.sender_id], { type: 'scheduled_messages', op: 'remove', scheduled_message_id: row.id });
  } catch (error) {
    const reason = error instanceof ApiError ? error.message : 'Internal server error';
    if (!(error instanceof ApiError)) console.error(`[sandbox] unexpected error sending scheduled message ${row.id}:`, error);
    ctx.db.prepare('UPDATE scheduled_messages SET failed = 1, failure_message = ? WHERE id = ?').run(reason, row.id);
    // upstream tells nobody when the organization or the sender's account is deactivated
    if (error instanceof ApiError && (error.code === 'USER_DEACTIVATED' || error.code === 'REALM_DEACTIVATED')) return;
    announceUpdate(ctx, row.id);
    notifyFailure(ctx, sender, row, reason);
  }
}

/** upstream send_scheduled_message: the account checks of authentication, the cutoff, then POST /messages' checks. */
function send(ctx: ServerContext, sender: UserRow, row: ScheduledRow): number {
  const realmDeactivated = ctx.db.prepare('SELECT deactivated FROM realm').pluck().get() as number;
  if (realmDeactivated) throw new ApiError('REALM_DEACTIVATED', 'This organization has been deactivated');
  if (!sender.is_active) throw new ApiError('USER_DEACTIVATED', 'Account is deactivated');
  if (seconds(ctx.clock) > row.scheduled_timestamp + LATE_CUTOFF_SECONDS) throw badRequest('Message could not be sent at the scheduled time.');
  const to = row.type === 'stream' ? (row.stream_id as number) : (JSON.parse(row.to_user_ids) as number[]);
  const readBySender = row.read_by_sender === null ? undefined : row.read_by_sender === 1;
  return sendMessage(ctx, sender, { type: row.type, to, topic: row.topic, content: row.content, read_by_sender: readBySender }, DELIVERY_CLIENT).id;
}

/** upstream send_failed_scheduled_message_notification: a direct message from the notification bot. */
function notifyFailure(ctx: ServerContext, sender: UserRow, row: ScheduledRow, reason: string): void {
  const bot = getNotificationBot(ctx.db);
  if (!bot) return;
  // upstream datetime_to_global_time: <time:...> in ISO 8601, UTC, whole seconds
  const when = `<time:${new Date(row.scheduled_timestamp * 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00')}>`;
  const content = [
    `The message you scheduled for ${when} was not sent because of the following error:`,
    '',
    `> ${reason}`,
    '',
    '[View scheduled messages](#scheduled)',
  ].join('\n');
  try {
    deliverMessage(ctx, bot, { kind: 'direct', users: [sender] }, content, { client: 'Internal', readBySender: false });
  } catch (error) {
    console.error('[sandbox] could not tell the sender that a scheduled message failed:', error);
  }
}
