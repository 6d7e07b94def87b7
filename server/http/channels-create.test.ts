// Creating channels and subscribing over HTTP: upstream's POST /users/me/subscriptions
// (https://zulip.com/api/subscribe). A name that does not exist yet creates the channel with the
// settings given; one that exists subscribes. Who may create what, and the events each watcher gets.
import { describe, expect, test } from 'vitest';
import { getStream, parseEvent, subscribe, type Stream } from '../../shared/api';
import type { EventClient, QueueEvent } from '../testing/event-client';
import { withDb } from '../testing/database-file';
import { registerQueue } from '../testing/event-client';
import { error, expectSuccess } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';

const { server, clients, ids } = demoServerForFile();

async function channelNamed(name: string): Promise<Stream> {
  const id = withDb(server, (db) => db.prepare('SELECT id FROM streams WHERE lower(name) = lower(?)').pluck().get(name) as number | undefined);
  if (id === undefined) throw new Error(`no channel ${name}`);
  return getStream.reply.parse((await clients.olivia.get(`/streams/${String(id)}`)).body).stream;
}

/** The event as the console reads it: parsed with its shared/api schema, which must accept it. */
function known(event: QueueEvent) {
  const parsed = parseEvent(event);
  if (!parsed.success || parsed.data.kind !== 'known') throw new Error(`unreadable event: ${JSON.stringify(event)}`);
  return parsed.data.event;
}

const channelCount = () => withDb(server, (db) => db.prepare('SELECT count(*) FROM streams').pluck().get() as number);

describe('creating a channel', () => {
  test('a new name creates a public channel with its description, and subscribes the creator', async () => {
    const response = await clients.adam.post('/users/me/subscriptions', { subscriptions: [{ name: '  product  ', description: 'Roadmaps\nand *plans*' }] });
    expectSuccess(response);
    expect(subscribe.reply.parse(response.body)).toEqual({ result: 'success', msg: '', subscribed: { [String(ids.person.adam)]: ['product'] }, already_subscribed: {} });
    const product = await channelNamed('product');
    expect(product).toMatchObject({
      name: 'product',
      description: 'Roadmaps and *plans*',
      rendered_description: '<p>Roadmaps and <em>plans</em></p>',
      invite_only: false,
      history_public_to_subscribers: true,
      creator_id: ids.person.adam,
      message_retention_days: null,
      topics_policy: 'inherit',
      subscriber_count: 1,
      // upstream: the creator administers the channel they made; the rest are upstream's defaults.
      can_administer_channel_group: { direct_members: [ids.person.adam], direct_subgroups: [] },
      can_remove_subscribers_group: ids.group['role:administrators'],
      can_send_message_group: ids.group['role:everyone'],
    });
  });

  test('the settings given apply to the new channel: private with shared history, in a folder, with group settings', async () => {
    const folders = (await clients.olivia.get('/channel_folders')).body.channel_folders as { id: number; name: string }[];
    const teams = folders.find((folder) => folder.name === 'Teams')?.id;
    const response = await clients.olivia.post('/users/me/subscriptions', {
      subscriptions: [{ name: 'hiring', description: '' }],
      invite_only: true,
      history_public_to_subscribers: true,
      message_retention_days: 90,
      topics_policy: 'disable_empty_topic',
      folder_id: teams,
      can_send_message_group: ids.group['role:moderators'],
      can_add_subscribers_group: { direct_members: [ids.person.mona], direct_subgroups: [] },
      principals: [ids.person.olivia, ids.person.mona],
    });
    expectSuccess(response);
    expect(response.body.subscribed).toEqual({ [String(ids.person.olivia)]: ['hiring'], [String(ids.person.mona)]: ['hiring'] });
    expect(await channelNamed('hiring')).toMatchObject({
      invite_only: true,
      history_public_to_subscribers: true,
      message_retention_days: 90,
      topics_policy: 'disable_empty_topic',
      folder_id: teams,
      can_send_message_group: ids.group['role:moderators'],
      can_add_subscribers_group: { direct_members: [ids.person.mona], direct_subgroups: [] },
      subscriber_count: 2,
    });
  });

  test('a private channel keeps protected history unless told otherwise; a public one always shares it', async () => {
    await clients.adam.post('/users/me/subscriptions', { subscriptions: [{ name: 'secret-plans' }], invite_only: true });
    expect((await channelNamed('secret-plans')).history_public_to_subscribers).toBe(false);
    await clients.adam.post('/users/me/subscriptions', { subscriptions: [{ name: 'open-plans' }], history_public_to_subscribers: false });
    expect((await channelNamed('open-plans')).history_public_to_subscribers).toBe(true);
  });

  test('a default channel is made default, and announced as one', async () => {
    const watcher = await registerQueue(clients.mark, { event_types: ['default_streams', 'stream'] });
    expectSuccess(await clients.adam.post('/users/me/subscriptions', { subscriptions: [{ name: 'welcome-desk' }], is_default_stream: true }));
    const { stream_id } = await channelNamed('welcome-desk');
    const event = await watcher.waitFor((candidate) => candidate.type === 'default_streams');
    expect(event.default_streams).toContain(stream_id);
    await watcher.close();
  });

  test('a name already in use (any case) subscribes instead of creating', async () => {
    const before = channelCount();
    const response = await clients.mark.post('/users/me/subscriptions', { subscriptions: [{ name: 'DESIGN' }] });
    expect(response.body).toMatchObject({ subscribed: { [String(ids.person.mark)]: ['design'] }, already_subscribed: {} });
    expect(channelCount()).toBe(before);
    const again = await clients.mark.post('/users/me/subscriptions', { subscriptions: [{ name: 'design' }] });
    expect(again.body).toMatchObject({ subscribed: {}, already_subscribed: { [String(ids.person.mark)]: ['design'] } });
  });

  test('names are checked as upstream checks them', async () => {
    const create = (name: string) => clients.adam.post('/users/me/subscriptions', { subscriptions: [{ name }] });
    expect((await create('   ')).body).toEqual(error("Channel name can't be empty."));
    expect((await create('c'.repeat(61))).body).toEqual(error('Channel name too long (limit: 60 characters).'));
    expect((await create('tab\there')).body).toEqual(error('Invalid character in channel name, at position 4.'));
    const long = await clients.adam.post('/users/me/subscriptions', { subscriptions: [{ name: 'wordy', description: 'd'.repeat(1025) }] });
    expect(long.body).toEqual(error('description is too long (limit: 1024 characters)'));
  });

  test('who may create what: guests nothing, members no default channel, only owners set retention', async () => {
    expect((await clients.gina.post('/users/me/subscriptions', { subscriptions: [{ name: 'guest-room' }] })).body).toEqual(error('Not allowed for guest users'));
    expect((await clients.mark.post('/users/me/subscriptions', { subscriptions: [{ name: 'mark-default' }], is_default_stream: true })).body).toEqual(
      error('Insufficient permission'),
    );
    expect((await clients.adam.post('/users/me/subscriptions', { subscriptions: [{ name: 'kept' }], message_retention_days: 30 })).body).toEqual(
      error('Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL'),
    );
    expect((await clients.mark.post('/users/me/subscriptions', { subscriptions: [{ name: 'mark-plain' }] })).body).toMatchObject({ result: 'success' });
  });

  test('a private default channel, web-public without the settings, and bad group settings are refused', async () => {
    const create = (params: Record<string, unknown>) => clients.olivia.post('/users/me/subscriptions', { subscriptions: [{ name: 'refused' }], ...params });
    expect((await create({ invite_only: true, is_default_stream: true })).body).toEqual(error('A default channel cannot be private.'));
    expect((await create({ is_web_public: true })).body).toEqual(error('Web-public channels are not enabled.'));
    expect((await create({ can_administer_channel_group: ids.group['role:everyone'] })).body).toEqual(
      error("'can_administer_channel_group' setting cannot be set to 'role:everyone' group."),
    );
    expect((await create({ can_send_message_group: 99999 })).body).toEqual(error('Invalid user group'));
    expect((await create({ folder_id: 99999 })).body).toEqual(error('Invalid channel folder ID'));
    expect(withDb(server, (db) => db.prepare("SELECT count(*) FROM streams WHERE name = 'refused'").pluck().get())).toBe(0);
  });

  test('principals must be active users', async () => {
    const create = (principals: unknown[]) => clients.adam.post('/users/me/subscriptions', { subscriptions: [{ name: 'with-people' }], principals });
    expect((await create([99999])).body).toEqual(error('No such user'));
    expect((await create(['derek@sandbox.test'])).body).toEqual(error('User is deactivated'));
    expect(withDb(server, (db) => db.prepare("SELECT count(*) FROM streams WHERE name = 'with-people'").pluck().get())).toBe(0);
  });
});

describe('subscribing to channels that exist', () => {
  test('a private channel the user cannot read is refused, or listed with authorization_errors_fatal false', async () => {
    expect((await clients.mark.post('/users/me/subscriptions', { subscriptions: [{ name: 'leadership' }] })).body).toEqual(
      error('Unable to access channel (leadership).'),
    );
    const lenient = await clients.mark.post('/users/me/subscriptions', { subscriptions: [{ name: 'leadership' }, { name: 'general' }], authorization_errors_fatal: false });
    expect(lenient.body).toMatchObject({ unauthorized: ['leadership'], already_subscribed: { [String(ids.person.mark)]: ['general'] } });
  });

  test('an archived channel cannot be joined', async () => {
    expect((await clients.adam.post('/users/me/subscriptions', { subscriptions: [{ name: 'old-projects' }] })).body).toEqual(
      error('Unable to access channel (old-projects).'),
    );
  });

  test('an administrator subscribes others; the new subscriber gets the subscription, the others the new peer', async () => {
    const markQueue = await registerQueue(clients.mark, { event_types: ['subscription'] });
    const monaQueue = await registerQueue(clients.mona, { event_types: ['subscription'] });
    expectSuccess(await clients.adam.post('/users/me/subscriptions', { subscriptions: [{ name: 'engineering' }], principals: ['mona@sandbox.test'] }));
    const { stream_id } = await channelNamed('engineering');
    const added = known(await monaQueue.waitFor((event) => event.type === 'subscription' && event.op === 'add'));
    expect(added).toMatchObject({ type: 'subscription', op: 'add', subscriptions: [{ stream_id, name: 'engineering' }] });
    const peer = await markQueue.waitFor((event) => event.type === 'subscription' && event.op === 'peer_add');
    expect(peer).toMatchObject({ stream_ids: [stream_id], user_ids: [ids.person.mona] });
    await Promise.all([markQueue.close(), monaQueue.close()]);
  });
});

describe('events of a new channel', () => {
  test('a public channel is announced to every member; its creator gets the subscription with its subscribers', async () => {
    const markQueue = await registerQueue(clients.mark, { event_types: ['stream', 'subscription'] });
    const adamQueue = await registerQueue(clients.adam, { event_types: ['stream', 'subscription'] });
    expectSuccess(await clients.adam.post('/users/me/subscriptions', { subscriptions: [{ name: 'town-square' }] }));
    const created = known(await markQueue.waitFor((event) => event.type === 'stream' && event.op === 'create'));
    expect(created).toMatchObject({ op: 'create', streams: [{ name: 'town-square', subscriber_count: 1 }] });
    // The creator hears of the channel first too, as upstream's create_stream_if_needed tells everyone who may see it.
    const adamEvents = (await adamQueue.drain()).filter((event) => event.type === 'stream' || event.type === 'subscription');
    expect(adamEvents.map((event) => `${event.type} ${String(event.op)}`)).toEqual(['stream create', 'subscription add']);
    expect(known(adamEvents[1] as QueueEvent)).toMatchObject({ subscriptions: [{ name: 'town-square', subscribers: [ids.person.adam] }] });
    await Promise.all([markQueue.close(), adamQueue.close()]);
  });

  test('a private channel is announced to administrators only, never to members outside it', async () => {
    const markQueue = await registerQueue(clients.mark, { event_types: ['stream'] });
    const oliviaQueue = await registerQueue(clients.olivia, { event_types: ['stream'] });
    expectSuccess(await clients.adam.post('/users/me/subscriptions', { subscriptions: [{ name: 'board-room' }], invite_only: true }));
    await oliviaQueue.waitFor((event) => event.type === 'stream' && event.op === 'create');
    expect((await markQueue.drain()).filter((event) => event.type === 'stream')).toEqual([]);
    await Promise.all([markQueue.close(), oliviaQueue.close()]);
  });

  test('someone newly able to see an existing channel hears of it before their subscription: a member of a private one, a guest of a public one; an administrator only gets the subscription', async () => {
    expectSuccess(await clients.adam.post('/users/me/subscriptions', { subscriptions: [{ name: 'war-room' }], invite_only: true }));
    expectSuccess(await clients.adam.post('/users/me/subscriptions', { subscriptions: [{ name: 'guest-room' }] }));
    const queues = await Promise.all([clients.mark, clients.gina, clients.olivia].map((client) => registerQueue(client, { event_types: ['stream', 'subscription'] })));
    const [markQueue, ginaQueue, oliviaQueue] = queues as [EventClient, EventClient, EventClient];
    expectSuccess(await clients.adam.post('/users/me/subscriptions', { subscriptions: [{ name: 'war-room' }], principals: [ids.person.mark, ids.person.olivia] }));
    expectSuccess(await clients.adam.post('/users/me/subscriptions', { subscriptions: [{ name: 'guest-room' }], principals: [ids.person.gina, ids.person.mark] }));
    const order = async (queue: EventClient) =>
      (await queue.drain())
        .filter((event) => event.type !== 'subscription' || event.op === 'add')
        .map((event) => `${String(event.type)} ${String(event.op)} ${String(((event.streams ?? event.subscriptions) as { name: string }[])[0]?.name)}`);
    // Mark could see the public channel already: only its subscription.
    expect(await order(markQueue)).toEqual(['stream create war-room', 'subscription add war-room', 'subscription add guest-room']);
    expect(await order(ginaQueue)).toEqual(['stream create guest-room', 'subscription add guest-room']);
    // Olivia is an owner: she saw the private channel before, so only her subscription comes.
    expect(await order(oliviaQueue)).toEqual(['subscription add war-room']);
    await Promise.all(queues.map((queue) => queue.close()));
  });
});
