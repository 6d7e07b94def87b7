// Common error replies, over real HTTP on the demo organization, validated whole against upstream's
// OpenAPI description (feature level 247; shared/node/testing/upstream-schema.ts): against the error
// schemas the operation lists for that status, when it lists the status, and against the shared schema
// for the error's code, which upstream's code sends from any endpoint
// (https://zulip.com/api/rest-error-handling).
import { describe, expect, test } from 'vitest';
import { endpoints, type EndpointName } from '../../shared/api';
import { skipReason, upstreamOpenApi } from '../../shared/node/testing/upstream-openapi';
import { upstreamValidator } from '../../shared/node/testing/upstream-schema';
import type { ApiResponse } from '../testing/harness';
import { demoServerForFile, testServerForFile, type DemoServer } from '../testing/server-per-file';

if (skipReason) console.warn(skipReason);
const doc = upstreamOpenApi();

interface ErrorCase {
  name: string;
  endpoint: EndpointName;
  status: number;
  /** The shared schema for the error's code (`#/components/schemas/…`); CodedError when it has none of its own. */
  schema: string;
  /**
   * False for an error upstream's code sends from this endpoint but the file does not list under it
   * (its operations list typical errors, not every one).
   */
  listed?: false;
  call(demo: DemoServer): Promise<ApiResponse>;
}

const missing = 99_999;

const CASES: ErrorCase[] = [
  { name: 'an unknown channel', endpoint: 'getStream', status: 400, schema: 'InvalidStreamError', call: ({ clients }) => clients.mark.get(`/streams/${String(missing)}`) },
  {
    name: 'a channel update without the permission',
    endpoint: 'updateChannel',
    status: 400,
    schema: 'CodedError',
    call: ({ clients, ids }) => clients.mark.patch(`/streams/${String(ids.channel.general)}`, { description: 'Mine now' }),
  },
  {
    name: 'unsubscribing someone else without the permission',
    endpoint: 'unsubscribe',
    status: 400,
    schema: 'CodedError',
    call: ({ clients, ids }) => clients.mark.delete('/users/me/subscriptions', { subscriptions: ['general'], principals: [ids.person.gina] }),
  },
  { name: 'a missing parameter', endpoint: 'subscribe', status: 400, schema: 'MissingArgumentError', listed: false, call: ({ clients }) => clients.mark.post('/users/me/subscriptions', {}) },
  {
    name: 'a message to a channel name that does not exist',
    endpoint: 'sendMessage',
    status: 400,
    schema: 'NonExistingStreamNameError',
    call: ({ clients }) => clients.mark.post('/messages', { type: 'stream', to: 'nowhere', topic: 'lost', content: 'Hello?' }),
  },
  {
    name: 'a message to a channel ID that does not exist',
    endpoint: 'sendMessage',
    status: 400,
    schema: 'NonExistingStreamIdError',
    // The file lists only the channel-name form under POST /messages.
    listed: false,
    call: ({ clients }) => clients.mark.post('/messages', { type: 'stream', to: missing, topic: 'lost', content: 'Hello?' }),
  },
  { name: "deleting another's message as a member", endpoint: 'deleteMessage', status: 400, schema: 'CodedError', call: ({ clients }) => clients.mark.delete(`/messages/${String(missing)}`) },
  {
    name: 'an event queue that does not exist',
    endpoint: 'getEvents',
    status: 400,
    schema: 'BadEventQueueIdError',
    call: ({ clients }) => clients.mark.get('/events', { queue_id: 'no-such-queue', last_event_id: -1 }),
  },
  { name: 'deleting an event queue that does not exist', endpoint: 'deleteEventQueue', status: 400, schema: 'BadEventQueueIdError', call: ({ clients }) => clients.mark.delete('/events', { queue_id: 'no-such-queue' }) },
  {
    name: 'inviting someone who has an account',
    endpoint: 'sendInvites',
    status: 400,
    schema: 'InvitationFailedError',
    call: ({ clients, ids }) => clients.olivia.post('/invites', { invitee_emails: 'mark@sandbox.test', stream_ids: [ids.channel.general] }),
  },
  {
    name: 'a group name in use',
    endpoint: 'createUserGroup',
    status: 400,
    schema: 'CodedError',
    call: ({ clients }) => clients.olivia.post('/user_groups/create', { name: 'engineers', description: '', members: [] }),
  },
  { name: 'a guest made an administrator (spec 12)', endpoint: 'updateUser', status: 400, schema: 'CodedError', call: ({ clients, ids }) => clients.olivia.patch(`/users/${String(ids.person.gina)}`, { role: 200 }) },
  { name: 'a status text too long', endpoint: 'updateStatus', status: 400, schema: 'CodedError', call: ({ clients }) => clients.mark.post('/users/me/status', { status_text: 'x'.repeat(61) }) },
  { name: 'a draft that does not exist', endpoint: 'deleteDraft', status: 404, schema: 'CodedError', call: ({ clients }) => clients.mark.delete(`/drafts/${String(missing)}`) },
  {
    name: 'a scheduled message that does not exist',
    endpoint: 'editScheduledMessage',
    status: 404,
    schema: 'CodedError',
    call: ({ clients }) => clients.mark.patch(`/scheduled_messages/${String(missing)}`, { content: 'Never' }),
  },
  { name: 'a wrong API key', endpoint: 'getOwnUser', status: 401, schema: 'InvalidApiKeyError', call: ({ server }) => server.withCredentials('mark@sandbox.test', 'wrong').get('/users/me') },
  {
    name: 'a deactivated account',
    endpoint: 'getOwnUser',
    status: 401,
    schema: 'UserDeactivatedError',
    call: async ({ server, clients }) => {
      await clients.olivia.post('/users', { email: 'openapi.gone@sandbox.test', password: 'sandbox', full_name: 'Gone Soon' });
      const gone = await server.as('openapi.gone@sandbox.test');
      await clients.olivia.delete(`/users/${String((await gone.get('/users/me')).body.user_id)}`);
      return gone.get('/users/me');
    },
  },
];

// Skipped only when upstream's OpenAPI file is not on this machine (a clone with nothing beside it):
// the file is upstream's, not the repository's; `skipReason` above says where it was looked for.
describe.skipIf(!doc)("error replies against upstream's OpenAPI file (feature level 247)", () => {
  const demo = demoServerForFile();
  const validator = doc ? upstreamValidator(doc) : null;

  test.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const response = await c.call(demo);
    expect(response.status, JSON.stringify(response.body)).toBe(c.status);
    expect(validator?.component(c.schema, response.body)).toEqual([]);
    // And the operation's own list of errors for this status, where it has one (undefined: it has none).
    const { method, path } = endpoints[c.endpoint];
    if (c.listed !== false) expect(validator?.reply(method, path, response.body, c.status) ?? []).toEqual([]);
  });

  describe('over the rate limit', () => {
    const limited = testServerForFile({ seed: 'empty', config: { rateLimitPerMinute: 2 } });

    test('RATE_LIMIT_HIT', async () => {
      const owner = await limited.as('olivia@sandbox.test');
      let response = await owner.get('/users/me');
      for (let tries = 0; tries < 5 && response.status !== 429; tries++) response = await owner.get('/users/me');
      expect(response.status).toBe(429);
      expect(validator?.component('RateLimitedError', response.body)).toEqual([]);
    });
  });
});
