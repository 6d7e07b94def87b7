// A real long-polling client for tests: registers a queue over HTTP, then fetches events with
// GET /events and last_event_id exactly as a console or upstream client does.
import type { ApiClient } from './harness';

export interface QueueEvent {
  id: number;
  type: string;
  [field: string]: unknown;
}

export interface EventClient {
  readonly queueId: string;
  readonly snapshot: Record<string, unknown>;
  /** Events received so far (heartbeats included), oldest first. */
  readonly received: QueueEvent[];
  /** One non-blocking fetch: everything already queued (mutations queue their events before replying). */
  drain(): Promise<QueueEvent[]>;
  /** One blocking long-poll; gives up after `timeoutMs` of real time and returns []. */
  poll(timeoutMs?: number): Promise<QueueEvent[]>;
  /** Long-polls until an event matching `predicate` arrives; fails after `timeoutMs`. */
  waitFor(predicate: (event: QueueEvent) => boolean, timeoutMs?: number): Promise<QueueEvent>;
  /** The raw GET /events reply for given parameters (for error cases). */
  fetchRaw(params: Record<string, unknown>): ReturnType<ApiClient['get']>;
  close(): Promise<void>;
}

export async function registerQueue(client: ApiClient, params: Record<string, unknown> = {}): Promise<EventClient> {
  const reply = await client.post('/register', params);
  if (reply.status !== 200) throw new Error(`register failed: ${JSON.stringify(reply.body)}`);
  const queueId = String(reply.body.queue_id);
  let lastEventId = Number(reply.body.last_event_id);
  const received: QueueEvent[] = [];

  const fetchEvents = async (dontBlock: boolean, timeoutMs: number): Promise<QueueEvent[]> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await client.get('/events', { queue_id: queueId, last_event_id: lastEventId, dont_block: dontBlock }, controller.signal);
      if (response.status !== 200) throw new Error(`GET /events failed: ${JSON.stringify(response.body)}`);
      const events = response.body.events as QueueEvent[];
      for (const event of events) lastEventId = Math.max(lastEventId, event.id);
      received.push(...events);
      return events;
    } catch (error) {
      if (controller.signal.aborted) return [];
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    queueId,
    snapshot: reply.body,
    received,
    drain: async () => (await fetchEvents(true, 5_000)).filter((event) => event.type !== 'heartbeat'),
    poll: (timeoutMs = 5_000) => fetchEvents(false, timeoutMs),
    async waitFor(predicate, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      const seen = received.find(predicate);
      if (seen) return seen;
      while (Date.now() < deadline) {
        const match = (await fetchEvents(false, deadline - Date.now())).find(predicate);
        if (match) return match;
      }
      throw new Error(`no matching event within ${timeoutMs} ms; received: ${JSON.stringify(received.map((event) => event.type))}`);
    },
    fetchRaw: (params) => client.get('/events', params),
    async close() {
      await client.delete('/events', { queue_id: queueId });
    },
  };
}
