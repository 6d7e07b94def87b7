// 200 clients long-polling at once each receive every event exactly once, in order.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { registerQueue, type EventClient } from '../testing/event-client';
import { startTestServer, type TestServer } from '../testing/harness';

const QUEUES = 200;
const FOLDERS = 5;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
});
afterAll(async () => {
  await server.close();
});

test('200 concurrent queues each get every event once and in order', async () => {
  const people = ['olivia', 'adam', 'mona', 'mark', 'gina'];
  const clients = await Promise.all(people.map((name) => server.as(`${name}@sandbox.test`)));
  const queues: EventClient[] = await Promise.all(
    Array.from({ length: QUEUES }, (_, i) => registerQueue(clients[i % clients.length] ?? clients[0]!, { event_types: ['channel_folder'] })),
  );
  const names = Array.from({ length: FOLDERS }, (_, i) => `Load folder ${i}`);
  // Every queue long-polls until it has all the folders; the folders are created while they wait.
  const received = Promise.all(
    queues.map(async (queue) => {
      while (queue.received.filter((event) => event.type === 'channel_folder').length < FOLDERS) {
        if ((await queue.poll(10_000)).length === 0) break;
      }
      return queue.received.filter((event) => event.type === 'channel_folder');
    }),
  );
  const adam = clients[1]!;
  for (const name of names) await adam.post('/channel_folders/create', { name, description: '' });
  const perQueue = await received;
  for (const events of perQueue) {
    expect(events.map((event) => (event.channel_folder as { name: string }).name)).toEqual(names);
    const ids = events.map((event) => event.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(FOLDERS);
  }
}, 60_000);
