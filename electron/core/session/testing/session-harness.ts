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
    groups: [...state.groups.values()],
    userSettingsDefaults: state.userSettingsDefaults,
    defaultChannelIds: [...state.defaultChannelIds].sort((a, b) => a - b),
    moderationRequestChannelId: state.moderationRequestChannelId,
  };
}
