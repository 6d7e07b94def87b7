// Creating a channel against a real sandbox: the request upstream clients send, the rules checked
// first (a taken name, archived channels included; retention for owners), and the log.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { getStream } from '../../../shared/api';
import type { NewChannel } from '../../../shared/ipc';
import type { ApiClient } from '../client/api-client';
import type { ConsoleError } from '../errors';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { directClient, signedInConsole, type TestConsole } from '../users/testing/console-harness';
import { ChannelCreator } from './channel-create';

let sandbox: Sandbox;
let olivia: TestConsole;
let adamConsole: TestConsole;
let adam: ApiClient;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo' });
  olivia = await signedInConsole(sandbox.url, 'olivia@sandbox.test');
  adamConsole = await signedInConsole(sandbox.url, 'adam@sandbox.test');
  adam = await directClient(sandbox.url, 'adam@sandbox.test');
}, 60_000);

afterAll(async () => {
  await olivia?.close();
  await adamConsole?.close();
  await sandbox?.close();
});

const creatorFor = (console: TestConsole) => new ChannelCreator({ accounts: console.accounts, sessions: console.sessions, activity: console.activity });
const plain = (name: string, change: Partial<NewChannel> = {}): NewChannel => ({
  name,
  description: '',
  privacy: 'public',
  isDefault: false,
  retention: null,
  topicsPolicy: 'inherit',
  folderId: null,
  groups: {},
  ...change,
});

async function refusal(attempt: Promise<unknown>): Promise<ConsoleError> {
  try {
    await attempt;
  } catch (error) {
    return error as ConsoleError;
  }
  throw new Error('expected the creation to be refused');
}

test('a channel is created with its settings, the signed-in user subscribed, and logged', async () => {
  olivia.requests.length = 0;
  const moderators = [...olivia.state().groups.values()].find((group) => group.name === 'role:moderators')?.id as number;
  const entry = await creatorFor(olivia).create(
    olivia.accountId,
    plain('  quality  ', { description: 'Tests and **bugs**', privacy: 'private_shared', retention: 60, topicsPolicy: 'disable_empty_topic', groups: { can_send_message_group: moderators } }),
  );
  expect(olivia.requests).toEqual(['POST /api/v1/users/me/subscriptions']);
  expect(entry).toMatchObject({ subscribed: true, subscriberCount: 1, isDefault: false });
  const stream = (await adam.call(getStream, { stream_id: entry.channel.stream_id })).value.stream;
  expect(stream).toMatchObject({
    name: 'quality',
    description: 'Tests and **bugs**',
    invite_only: true,
    history_public_to_subscribers: true,
    message_retention_days: 60,
    topics_policy: 'disable_empty_topic',
    can_send_message_group: moderators,
    creator_id: olivia.state().ownUserId,
  });
  expect(olivia.activity.list(olivia.accountId, 1)[0]).toMatchObject({
    action: 'Created channel',
    target: '#quality',
    details: 'Private, shared history, messages kept 60 days',
    result: 'ok',
    channelId: entry.channel.stream_id,
  });
});

test('a name in use, even by an archived channel and in another case, is refused without a request', async () => {
  olivia.requests.length = 0;
  const error = await refusal(creatorFor(olivia).create(olivia.accountId, plain('OLD-projects')));
  expect(error.code).toBe('NOT_ALLOWED');
  expect(error.message).toBe('Could not create #OLD-projects: A channel named old-projects already exists (archived): choose another name.');
  expect(olivia.requests).toEqual([]);
});

test('a name that only looks like one in use (case, width, an invisible character) is refused without a request', async () => {
  olivia.requests.length = 0;
  const error = await refusal(creatorFor(olivia).create(olivia.accountId, plain('\uff27en\u200beral')));
  expect(error.code).toBe('NOT_ALLOWED');
  expect(error.message).toBe('Could not create #\uff27en\u200beral: The name looks the same as #general, a channel that already exists: choose another name.');
  expect(olivia.requests).toEqual([]);
});

test('an administrator may not set retention on a new channel; an owner may', async () => {
  const error = await refusal(creatorFor(adamConsole).create(adamConsole.accountId, plain('kept-briefly', { retention: 7 })));
  expect(error.message).toBe('Could not create #kept-briefly: Only organization owners can change how long messages are kept.');
  expect(adamConsole.activity.list(adamConsole.accountId, 1)[0]).toMatchObject({ action: 'Created channel', result: 'failed' });
});

test('a default channel cannot be private', async () => {
  const error = await refusal(creatorFor(olivia).create(olivia.accountId, plain('private-default', { privacy: 'private_protected', isDefault: true })));
  expect(error.message).toContain('A default channel cannot be private');
});

test('the server’s refusal comes back in its words', async () => {
  const error = await refusal(creatorFor(olivia).create(olivia.accountId, plain('tab\tname')));
  expect(error.code).toBe('BAD_REQUEST');
  expect(error.message).toBe('Could not create #tab\tname: Invalid character in channel name, at position 4. Remove characters that cannot be printed, such as tabs and line breaks.');
});
