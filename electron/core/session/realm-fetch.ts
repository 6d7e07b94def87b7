// The requests that load a realm: POST /register with what the console needs (spec 21), and what it
// fetches beside the snapshot: pending invitations (GET /invites) and the reports in the moderation
// request channel (GET /messages, spec 7).
import {
  MAX_MESSAGES_PER_FETCH,
  deleteEventQueue,
  getInvites,
  getMessages,
  register,
  type RegisterParams,
  type RegisterReply,
  type ReplyOf,
} from '../../../shared/api';
import { CLIENT_CAPABILITIES, consoleRegisterParams } from '../../../shared/api/console-register';
import type { ApiClient } from '../client/api-client';
import { ConsoleError } from '../errors';
import { PRESENCE_HISTORY_DAYS } from './presence';
import { canCountReports, invitationsScope, moderationChannelName, type ListedInvitations, type RealmState } from './realm-state';

/** A register request can take a while for a realm of tens of thousands of users. */
const REGISTER_TIMEOUT_MS = 120_000;

/** The register request (shared/api/console-register.ts), with presence as far back as idle accounts need (presence.ts). */
export function registerParams(reportChannel: string | null): RegisterParams {
  return consoleRegisterParams(reportChannel, PRESENCE_HISTORY_DAYS);
}

export async function registerQueue(client: ApiClient, reportChannel: string | null, signal?: AbortSignal): Promise<RegisterReply> {
  const { value } = await client.call(register, registerParams(reportChannel), { timeoutMs: REGISTER_TIMEOUT_MS, signal });
  if (value.queue_id === null) {
    throw new ConsoleError('INVALID_REPLY', `${client.realmUrl} registered no event queue for this account, so the console cannot stay up to date.`);
  }
  return value;
}

/**
 * The moderation channel the queue should narrow its messages to, learnt before the real register:
 * a small register of the realm settings and the user's subscriptions, whose queue is dropped at once.
 * Null when reports cannot be counted (no channel, or the user is not subscribed to it).
 */
export async function probeReportChannel(client: ApiClient, signal?: AbortSignal): Promise<string | null> {
  const { value } = await client.call(
    register,
    { event_types: [], fetch_event_types: ['realm', 'subscription'], include_subscribers: 'false', client_capabilities: CLIENT_CAPABILITIES },
    { signal },
  );
  if (value.queue_id) void deleteQueue(client, value.queue_id);
  const channelId = value.moderation_request_channel ?? null;
  if (channelId === null) return null;
  return value.subscriptions?.find((subscription) => subscription.stream_id === channelId)?.name ?? null;
}

/** The channel whose messages the queue should carry for this state (see probeReportChannel). */
export function reportChannelFor(state: RealmState): string | null {
  return canCountReports(state) ? moderationChannelName(state) : null;
}

/** Best effort: a queue nobody polls is collected by the server anyway. */
export async function deleteQueue(client: ApiClient, queueId: string): Promise<void> {
  try {
    await client.call(deleteEventQueue, { queue_id: queueId }, { timeoutMs: 5_000 });
  } catch {
    // Already gone, or the server is unreachable: nothing more to do.
  }
}

/**
 * The pending invitations the signed-in user may list: every one for administrators, their own for
 * moderators and members (upstream GET /invites); null for guests, whom it refuses.
 */
export async function fetchInvitations(client: ApiClient, state: RealmState, signal?: AbortSignal): Promise<ListedInvitations | null> {
  const scope = invitationsScope(state.ownRole);
  if (scope === null) return null;
  const { value } = await client.call(getInvites, {}, { signal });
  return { scope, invites: value.invites };
}

/**
 * The notification bot's messages in the moderation request channel, newest first, a page of at most
 * 5000 (spec Limits) at a time. Null when they cannot be counted live (see canCountReports).
 */
export async function fetchReportIds(client: ApiClient, state: RealmState, signal?: AbortSignal): Promise<Set<number> | null> {
  if (!canCountReports(state) || state.moderationRequestChannelId === null || state.notificationBotId === null) return null;
  const narrow = [
    { operator: 'channel', operand: state.moderationRequestChannelId },
    { operator: 'sender', operand: state.notificationBotId },
  ];
  const ids = new Set<number>();
  let anchor: number | 'newest' = 'newest';
  for (;;) {
    const { value }: { value: ReplyOf<typeof getMessages> } = await client.call(
      getMessages,
      { anchor, include_anchor: false, num_before: MAX_MESSAGES_PER_FETCH, num_after: 0, narrow, apply_markdown: false, client_gravatar: true },
      { signal },
    );
    for (const message of value.messages) ids.add(message.id);
    const oldest: number | undefined = value.messages[0]?.id;
    if (value.found_oldest || oldest === undefined) return ids;
    anchor = oldest;
  }
}
