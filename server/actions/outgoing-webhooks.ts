// spec 22: outgoing webhooks. For an outgoing-webhook bot (bot_type 3 with a bot_services row), an
// @-mention in a channel message or a direct message to it makes the server POST the spec's payload to
// the bot's base_url; the receiver's answer is posted back as the bot's reply, as upstream does
// (zerver/lib/outgoing_webhook.py, zerver/worker/outgoing_webhooks.py).
//
// Like the event queues, it consumes the event bus: it reacts to `message` events, which are
// published after the message's transaction commits, and does its network work outside the request
// that sent the message, so a slow or failing receiver never delays or fails that request. It lives
// in actions/, not events/, because the bot's reply is a message sent (deliverMessage), and events/
// never imports actions/.
import type { OutgoingWebhookPayload } from '../../shared/api';
import type { ServerConfig } from '../config';
import type { ServerContext } from '../context';
import { dmParticipants, getMessageRow, messageObject, type MessageRow } from '../db/message-queries';
import { getStream } from '../db/stream-queries';
import { getUser, type UserRow } from '../db/users';
import { dbLookups } from '../db/markdown-lookups';
import { renderMessage } from '../markdown/render';
import { deliverMessage, normalizeContent, type MessageTarget } from './messages';

/** Attempts per trigger: the first request and two retries. */
const ATTEMPTS = 3;
/** Message IDs remembered to react once per message (a message publishes one event per recipient group). */
const REMEMBERED_MESSAGES = 1000;

interface BotService extends UserRow {
  base_url: string;
  token: string;
}

export interface WebhookCall {
  bot: BotService;
  /** The triggering message, to address the reply. */
  row: MessageRow;
  payload: OutgoingWebhookPayload;
}

type Outcome = { kind: 'answered'; status: number; body: string } | { kind: 'unreachable' } | { kind: 'stopped' };

/** Starts reacting to new messages; the returned function stops, abandoning requests in flight. */
export function startOutgoingWebhooks(ctx: ServerContext): () => void {
  const stop = new AbortController();
  const seen = new Set<number>();
  const unsubscribe = ctx.events.subscribe((_recipients, event) => {
    if (event.type !== 'message' || stop.signal.aborted) return;
    const id = (event.message as { id?: unknown } | undefined)?.id;
    if (typeof id !== 'number' || seen.has(id)) return;
    seen.add(id);
    if (seen.size > REMEMBERED_MESSAGES) seen.delete(seen.values().next().value as number);
    try {
      for (const call of webhookCalls(ctx, id)) void runCall(ctx, call, stop.signal);
    } catch (error) {
      // Never let a webhook problem fail the request that sent the message.
      console.error('[sandbox] outgoing webhook:', error);
    }
  });
  return () => {
    stop.abort();
    unsubscribe();
  };
}

/** The bots a new message triggers, each with its payload (upstream get_service_bot_events). */
export function webhookCalls(ctx: Pick<ServerContext, 'db'>, messageId: number): WebhookCall[] {
  const { db } = ctx;
  const row = getMessageRow(db, messageId);
  if (!row) return [];
  // upstream: messages from bots trigger nothing, so two bots cannot answer each other forever
  if (getUser(db, row.sender_id)?.is_bot) return [];
  // A channel message triggers only by mentioning someone; most mention nobody.
  if (row.type === 'stream' && !row.content.includes('@')) return [];
  const bots = db
    .prepare('SELECT u.*, b.base_url, b.token FROM users u JOIN bot_services b ON b.bot_id = u.id WHERE u.is_active = 1 AND u.bot_type = 3')
    .all() as BotService[];
  if (bots.length === 0) return [];
  let triggered: { bot: BotService; trigger: 'mention' | 'direct_message' }[];
  if (row.type === 'stream') {
    // Loud mentions only, as the message's flags count them (silent mentions and wildcards do not trigger).
    const mentioned = renderMessage(row.content, dbLookups(db)).mentions.userIds;
    triggered = bots.filter((bot) => mentioned.has(bot.id)).map((bot) => ({ bot, trigger: 'mention' }));
  } else {
    const participants = dmParticipants(row);
    triggered = bots.filter((bot) => participants.includes(bot.id)).map((bot) => ({ bot, trigger: 'direct_message' }));
  }
  return triggered.map(({ bot, trigger }) => ({ bot, row, payload: payloadFor(ctx, bot, row, trigger) }));
}

/**
 * The spec's payload. The message is as the bot would fetch it with apply_markdown false (upstream's
 * GenericOutgoingWebhookService): Markdown in `content`, HTML in `rendered_content`, the empty topic as ''.
 */
function payloadFor(ctx: Pick<ServerContext, 'db'>, bot: BotService, row: MessageRow, trigger: string): OutgoingWebhookPayload {
  const message = messageObject(ctx.db, row, bot, { apply_markdown: false, client_gravatar: false, allow_empty_topic_name: true });
  return {
    bot_email: bot.email,
    bot_full_name: bot.full_name,
    data: row.content,
    trigger,
    token: bot.token,
    message: { ...message, rendered_content: row.rendered_content },
  };
}

async function runCall(ctx: ServerContext, call: WebhookCall, signal: AbortSignal): Promise<void> {
  try {
    const outcome = await postWithRetries(call.bot.base_url, call.payload, ctx.config, signal);
    // After stop() the database may be closed: nothing more to do.
    if (outcome.kind === 'stopped' || signal.aborted) return;
    const reply = replyFor(outcome);
    if (reply !== null) sendReply(ctx, call, reply);
  } catch (error) {
    console.error('[sandbox] outgoing webhook:', error);
  }
}

/**
 * POSTs the payload as JSON, each attempt bounded by webhookTimeoutMs; a network error, a timeout or a
 * 5xx answer is retried after webhookRetryDelayMs, doubled each time, up to ATTEMPTS in all.
 */
async function postWithRetries(url: string, payload: OutgoingWebhookPayload, config: ServerConfig, signal: AbortSignal): Promise<Outcome> {
  let last: Outcome = { kind: 'unreachable' };
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (attempt > 1) await sleep(config.webhookRetryDelayMs * 2 ** (attempt - 2), signal);
    if (signal.aborted) return { kind: 'stopped' };
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.any([signal, AbortSignal.timeout(config.webhookTimeoutMs)]),
      });
      last = { kind: 'answered', status: response.status, body: await response.text() };
      if (response.status < 500) return last;
    } catch {
      if (signal.aborted) return { kind: 'stopped' };
      last = { kind: 'unreachable' };
    }
  }
  return last;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}

/**
 * What the bot says back, or null for nothing (upstream process_success_response and fail_with_message):
 * `content` (or the older `response_string`) unless `response_not_required`; failures as "Failure! …".
 */
export function replyFor(outcome: Exclude<Outcome, { kind: 'stopped' }>): string | null {
  if (outcome.kind === 'unreachable') return 'Failure! Bot is unavailable';
  if (outcome.status < 200 || outcome.status >= 300) return `Failure! Third party responded with ${outcome.status}`;
  let json: unknown;
  try {
    json = JSON.parse(outcome.body);
  } catch {
    return 'Failure! Invalid JSON in response';
  }
  // Older bot servers answered a JSON empty string for "no reply".
  if (json === '') return null;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return 'Failure! Invalid response format';
  const answer = json as Record<string, unknown>;
  if (answer.response_not_required === true) return null;
  const content = 'response_string' in answer ? answer.response_string : answer.content;
  if (content === undefined || content === null) return null;
  const text = String(content);
  return text.trim() === '' ? null : text;
}

/**
 * Posts the reply through the normal message code, from the bot: in the same channel and topic for a
 * mention, in the same conversation for a direct message (upstream send_response_message, which skips
 * the channel access check: the bot answers where it was addressed).
 */
function sendReply(ctx: ServerContext, call: WebhookCall, content: string): void {
  const { db } = ctx;
  const bot = getUser(db, call.bot.id);
  if (!bot?.is_active) return;
  let target: MessageTarget;
  if (call.row.type === 'stream') {
    const stream = call.row.stream_id === null ? undefined : getStream(db, call.row.stream_id);
    if (!stream || stream.is_archived) return;
    target = { kind: 'channel', stream, topic: call.row.topic };
  } else {
    const users = dmParticipants(call.row)
      .map((id) => getUser(db, id))
      .filter((user): user is UserRow => user !== undefined && user.is_active === 1);
    target = { kind: 'direct', users };
  }
  deliverMessage(ctx, bot, target, normalizeContent(content), { client: 'OutgoingWebhookResponse', readBySender: true });
}
