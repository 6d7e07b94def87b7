// What the session's tests share: signing in to a real sandbox, a session whose callbacks are
// recorded, and waiting for something to become true.
import { fetchApiKey, register, type RegisterReply } from '../../../../shared/api';
import type { RealmChange, SessionStatus } from '../../../../shared/ipc';
import { ApiClient, type ApiClientOptions } from '../../client/api-client';
import { registerParams } from '../realm-fetch';
import type { RealmState } from '../realm-state';
import { RealmSession, type RealmSessionOptions } from '../session';

export async function apiKeyFor(url: string, email: string): Promise<string> {
  const { value } = await new ApiClient({ realmUrl: url }).call(fetchApiKey, { username: email, password: 'sandbox' });
  return value.api_key;
}

export async function clientFor(url: string, email: string, options: Partial<ApiClientOptions> = {}): Promise<ApiClient> {
  return new ApiClient({ realmUrl: url, credentials: { email, apiKey: await apiKeyFor(url, email) }, ...options });
}

export interface Recorded {
  session: RealmSession;
  statuses: SessionStatus[];
  changes: RealmChange[][];
  resyncs: number;
  logs: string[];
}

/** A session whose backoff is short (at most 50 ms) and whose every callback is recorded. */
export function recordedSession(client: ApiClient, options: Partial<RealmSessionOptions> = {}): Recorded {
  const recorded: Recorded = { session: null as unknown as RealmSession, statuses: [], changes: [], resyncs: 0, logs: [] };
  recorded.session = new RealmSession({
    accountId: 'test-account',
    client,
    random: () => 0.5,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50))),
    onStatus: (status) => recorded.statuses.push(status),
    onChanges: (changes) => recorded.changes.push(changes),
    onResync: () => (recorded.resyncs += 1),
    log: (message) => recorded.logs.push(message),
    ...options,
  });
  return recorded;
}

/** Waits until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => T | undefined | false, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A fresh register, exactly as the session registers (to compare its state with). */
export async function freshRegister(client: ApiClient, reportChannel: string | null): Promise<RegisterReply> {
  const { value } = await client.call(register, registerParams(reportChannel));
  return value;
}

/**
 * A fetch that can be held: while held, requests to GET /events wait (the server sees no polling, as
 * when a laptop sleeps); other requests pass. Releasing sends them on.
 */
export function holdableFetch(): { fetch: typeof globalThis.fetch; hold(): void; release(): void } {
  let gate: Promise<void> | null = null;
  let open: (() => void) | null = null;
  return {
    fetch: async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (gate && new URL(url).pathname.endsWith('/api/v1/events') && (init?.method ?? 'GET') === 'GET') await gate;
      return globalThis.fetch(input, init);
    },
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release() {
      gate = null;
      open?.();
    },
  };
}

/**
 * A fetch for a connection that goes silent: the server's register reply is made to say its long-poll
 * timeout is `longpollTimeoutSeconds` (upstream lets an operator set it), and after `silence()` the next
 * blocking GET /events is sent nowhere and never answered, as when a NAT box forgets the connection
 * without a word. Only the request's timeout (its abort signal) ends it. `answeredAfterSilence` lists
 * the queue of each poll sent after the silent one that got a reply.
 */
export function silentPollFetch(longpollTimeoutSeconds: number): {
  fetch: typeof globalThis.fetch;
  silence(): void;
  silencedQueue(): string | null;
  answeredAfterSilence: string[];
} {
  let silenceNext = false;
  let silenced: string | null = null;
  const answeredAfterSilence: string[] = [];
  return {
    fetch: async (input, init) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      const isPoll = url.pathname.endsWith('/api/v1/events') && (init?.method ?? 'GET') === 'GET';
      if (isPoll && silenceNext && !url.searchParams.has('dont_block')) {
        silenceNext = false;
        silenced = url.searchParams.get('queue_id');
        const signal = init?.signal;
        return new Promise<Response>((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true }));
      }
      const sentAfterSilence = silenced !== null;
      const response = await globalThis.fetch(input, init);
      if (isPoll && sentAfterSilence && response.ok) answeredAfterSilence.push(url.searchParams.get('queue_id') ?? '');
      if (!url.pathname.endsWith('/api/v1/register') || !response.ok) return response;
      const body = (await response.json()) as Record<string, unknown>;
      return Response.json({ ...body, event_queue_longpoll_timeout_seconds: longpollTimeoutSeconds }, { status: response.status });
    },
    silence() {
      silenceNext = true;
    },
    silencedQueue: () => silenced,
    answeredAfterSilence,
  };
}

/** The parts of a state that come from the server, as plain data, to compare two states. */
export function comparable(state: RealmState) {
  return {
    realmName: state.realmName,
    ownRole: state.ownRole,
    users: [...state.users.values()],
    channels: [...state.channels.values()],
    subscriptions: [...state.subscriptions.values()],
    subscribers: [...state.subscribers].map(([id, set]) => [id, [...set].sort((a, b) => a - b)]),
    folders: [...state.folders.values()],
    // A group's members and subgroups are sets: live events append, a register lists them in its own order.
    groups: [...state.groups.values()].map((group) => ({
      ...group,
      members: [...group.members].sort((a, b) => a - b),
      direct_subgroup_ids: [...group.direct_subgroup_ids].sort((a, b) => a - b),
    })),
    userSettingsDefaults: state.userSettingsDefaults,
    defaultChannelIds: [...state.defaultChannelIds].sort((a, b) => a - b),
    moderationRequestChannelId: state.moderationRequestChannelId,
  };
}
