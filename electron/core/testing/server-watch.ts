// What a sandbox did, as another client sees it: an event queue of its own, straight to the server
// (never through a test's fault proxy), kept polled, so a test counts how many times a change took
// effect: role changes are `realm_user` update events with a role, default settings are
// `realm_user_settings_defaults` updates, folders `channel_folder` events, subscribers `subscription`
// peer_add / peer_remove. The server sends them only for a change that changed something, so a
// request that took effect twice shows as two.
import { getEvents, register, type RawEvent } from '../../../shared/api';
import type { ApiClient } from '../client/api-client';
import { ConsoleError } from '../errors';
import { deleteQueue } from '../session/realm-fetch';

export interface ServerWatch {
  /** Every event so far, oldest first. */
  readonly events: readonly RawEvent[];
  /** Where `since` arguments start: the number of events seen so far. */
  mark(): number;
  /** Fetches everything queued until now, so counts include every change the server has made. */
  drain(): Promise<void>;
  /** How many times the user's role changed since `since`. */
  roleChanges(userId: number, since?: number): number;
  /** How many times the default setting changed since `since`. */
  settingChanges(name: string, since?: number): number;
  /** `stream` update events for this channel's property (`description`, ...) since `since`. */
  channelChanges(streamId: number, property: string, since?: number): number;
  /** Any other events that match, since `since`. */
  count(matches: (event: RawEvent) => boolean, since?: number): number;
  close(): Promise<void>;
}

export async function watchServer(client: ApiClient): Promise<ServerWatch> {
  const events: RawEvent[] = [];
  let queue = await open(client);
  let closed = false;
  let poll: AbortController | null = null;
  let paused: Promise<void> | null = null;

  const fetchOnce = async (dontBlock: boolean, signal?: AbortSignal) => {
    try {
      const { value } = await client.call(getEvents, { queue_id: queue.id, last_event_id: queue.lastEventId, dont_block: dontBlock }, { timeoutMs: 120_000, signal });
      for (const event of value.events) {
        // A poll cut short by drain() may still deliver what the drain fetched too: each event once.
        if (event.id <= queue.lastEventId) continue;
        queue.lastEventId = event.id;
        if (event.type !== 'heartbeat') events.push(event);
      }
    } catch (error) {
      if (error instanceof ConsoleError && error.code === 'BAD_EVENT_QUEUE_ID') queue = await open(client);
      else if (!(error instanceof ConsoleError && error.code === 'ABORTED')) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const loop = (async () => {
    while (!closed) {
      if (paused) await paused;
      poll = new AbortController();
      await fetchOnce(false, poll.signal);
    }
  })();

  const count = (since: number, matches: (event: RawEvent) => boolean) => events.slice(since).filter(matches).length;
  return {
    events,
    mark: () => events.length,
    async drain() {
      let resume = () => undefined as void;
      paused = new Promise<void>((resolve) => (resume = resolve));
      poll?.abort();
      try {
        await fetchOnce(true);
      } finally {
        paused = null;
        resume();
      }
    },
    roleChanges: (userId, since = 0) =>
      count(since, (event) => {
        const person = (event as { type: string; op?: string; person?: { user_id?: number; role?: number } }).person;
        return event.type === 'realm_user' && (event as { op?: string }).op === 'update' && person?.user_id === userId && person.role !== undefined;
      }),
    settingChanges: (name, since = 0) =>
      count(since, (event) => event.type === 'realm_user_settings_defaults' && (event as { property?: string }).property === name),
    channelChanges: (streamId, property, since = 0) =>
      count(since, (event) => {
        const update = event as { type: string; op?: string; stream_id?: number; property?: string };
        return update.type === 'stream' && update.op === 'update' && update.stream_id === streamId && update.property === property;
      }),
    count: (matches, since = 0) => count(since, matches),
    async close() {
      closed = true;
      poll?.abort();
      await loop;
      await deleteQueue(client, queue.id);
    },
  };
}

async function open(client: ApiClient): Promise<{ id: string; lastEventId: number }> {
  const { value } = await client.call(register, { event_types: ['realm_user', 'realm_user_settings_defaults', 'stream', 'channel_folder', 'subscription'], fetch_event_types: [] });
  if (!value.queue_id) throw new Error('the sandbox registered no event queue');
  return { id: value.queue_id, lastEventId: value.last_event_id };
}
