// activity.query's filter choices against a real sandbox: the people a change was about are listed by
// name, whatever the entry's target names (a subscriber change's target is its channel).
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ActivityFilters, ActivityPage } from '../../../shared/ipc';
import { SubscriberChanges } from '../channels/subscriber-changes';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { signedInConsole, type TestConsole } from '../users/testing/console-harness';
import { activityHandlers, type ActivityContext } from './activity';

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

const query = (filters: ActivityFilters = {}) =>
  activityHandlers['activity.query']({ account: olivia.accountId, filters, offset: 0, limit: 100 }, olivia as unknown as ActivityContext) as ActivityPage;

function idOf(name: string, kind: 'users' | 'channels'): number {
  const state = olivia.state();
  if (kind === 'users') for (const user of state.users.values()) if (user.full_name === name) return user.user_id;
  if (kind === 'channels') for (const channel of state.channels.values()) if (channel.name === name) return channel.stream_id;
  throw new Error(`no ${name}`);
}

test('the User filter lists the people added to and removed from a channel by name, once each, and filters to each', async () => {
  const subscribers = new SubscriberChanges({ accounts: olivia.accounts, sessions: olivia.sessions, activity: olivia.activity });
  const design = idOf('design', 'channels');
  const mark = idOf('Mark Member', 'users');
  const gina = idOf('Gina Guest', 'users');
  await subscribers.change(olivia.accountId, design, 'add', [mark]);
  await subscribers.change(olivia.accountId, design, 'add', [gina]);
  await subscribers.change(olivia.accountId, design, 'remove', [gina]);

  const { choices } = query();
  expect(choices.users).toEqual([
    { id: gina, label: 'Gina Guest (gina@sandbox.test)' },
    { id: mark, label: 'Mark Member (mark@sandbox.test)' },
  ]);
  expect(choices.channels).toEqual([{ id: design, label: '#design' }]);

  const ginas = query({ userId: gina });
  expect(ginas.entries.map((entry) => `${entry.action} ${entry.target}: ${entry.details}`)).toEqual([
    'Unsubscribed users #design: Gina Guest',
    'Subscribed users #design: Gina Guest',
  ]);
  expect(query({ userId: mark }).entries.map((entry) => entry.details)).toEqual(['Mark Member']);
});
