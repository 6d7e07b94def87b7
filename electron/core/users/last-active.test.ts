// When users were last active, against a real sandbox: a presence report reaches the console's state
// through the event queue (announced once per user and day), and a console registering later finds it
// in the snapshot's presences, asked for as far back as the idle filter needs.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { updatePresence } from '../../../shared/api';
import { PRESENCE_HISTORY_DAYS } from '../session/presence';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { directClient, eventually, signedInConsole, userIdOf, type TestConsole } from './testing/console-harness';

let sandbox: Sandbox;
let olivia: TestConsole;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo' });
  olivia = await signedInConsole(sandbox.url, 'olivia@sandbox.test');
}, 60_000);

afterAll(async () => {
  await olivia?.close();
  await sandbox?.close();
});

test('nobody has been seen in a fresh demo realm; a presence report arrives live, once a day, and is in the next snapshot', async () => {
  const mark = userIdOf(olivia.state(), 'mark@sandbox.test');
  expect(olivia.state().presenceHistoryDays).toBe(PRESENCE_HISTORY_DAYS);
  expect(olivia.state().lastActive.has(mark)).toBe(false);

  const asMark = await directClient(sandbox.url, 'mark@sandbox.test');
  const before = Date.now() / 1000;
  await asMark.call(updatePresence, { status: 'active', new_user_input: true });
  const seen = await eventually(() => olivia.state().lastActive.get(mark), "Mark's presence in the state");
  expect(seen).toBeGreaterThanOrEqual(Math.floor(before) - 1);
  const announced = () => olivia.pushes.filter((push) => push.kind === 'realm.changed' && push.changes.some((change) => change.collection === 'presence' && change.ids.includes(mark)));
  await eventually(() => announced().length === 1, 'the presence change pushed');

  const later = await signedInConsole(sandbox.url, 'adam@sandbox.test');
  try {
    expect(later.state().lastActive.get(mark)).toBe(olivia.state().lastActive.get(mark));
  } finally {
    await later.close();
  }
});
