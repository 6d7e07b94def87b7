// spec 11 POST /drafts and upstream's GET, PATCH and DELETE /drafts over HTTP: what is stored, every
// refusal in upstream's words, the synchronization setting, and the drafts events a client receives.
import { beforeAll, describe, expect, test } from 'vitest';
import { createDrafts, DraftsAddEvent, DraftsRemoveEvent, DraftsUpdateEvent, getDrafts, type Draft } from '../../shared/api';
import { seconds } from '../lib/clock';
import { withDb } from '../testing/database-file';
import { registerQueue } from '../testing/event-client';
import type { ApiClient } from '../testing/harness';
import { error } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';

const { server, clients, ids: demo } = demoServerForFile();
let mark: ApiClient;
let olivia: ApiClient;
const id = { mark: 0, mona: 0, gina: 0, derek: 0, general: 0, design: 0, leadership: 0 };

beforeAll(() => {
  ({ mark, olivia } = clients);
  for (const name of ['mark', 'mona', 'gina', 'derek'] as const) id[name] = demo.person[name] as number;
  for (const name of ['general', 'design', 'leadership'] as const) id[name] = demo.channel[name] as number;
});

const channelDraft = (overrides: Record<string, unknown> = {}) => ({ type: 'stream', to: [id.general], topic: 'plans', content: 'Half-written thought', ...overrides });

async function create(client: ApiClient, drafts: unknown[]): Promise<number[]> {
  const response = await client.post('/drafts', { drafts });
  expect(response.body).toMatchObject({ result: 'success' });
  return createDrafts.reply.parse(response.body).ids;
}

async function listDrafts(client: ApiClient): Promise<Draft[]> {
  const response = await client.get('/drafts');
  return getDrafts.reply.parse(response.body).drafts;
}

async function draftById(client: ApiClient, draftId: number): Promise<Draft | undefined> {
  return (await listDrafts(client)).find((draft) => draft.id === draftId);
}

describe('creating drafts', () => {
  test('each draft is stored and its ID returned in the order sent', async () => {
    const ids = await create(mark, [channelDraft({ topic: 'first' }), { type: 'private', to: [id.mona], topic: '', content: 'To Mona' }]);
    expect(ids).toHaveLength(2);
    const [first, second] = [await draftById(mark, ids[0] as number), await draftById(mark, ids[1] as number)];
    expect(first).toMatchObject({ type: 'stream', to: [id.general], topic: 'first', content: 'Half-written thought' });
    expect(second).toMatchObject({ type: 'private', to: [id.mona], topic: '', content: 'To Mona' });
  });

  test('the server fills in the timestamp when the client sends none, and keeps one it sends', async () => {
    const [filled, kept] = await create(mark, [channelDraft(), channelDraft({ timestamp: 1_700_000_000 })]);
    expect((await draftById(mark, filled as number))?.timestamp).toBe(seconds(server.clock));
    expect((await draftById(mark, kept as number))?.timestamp).toBe(1_700_000_000);
  });

  test('a direct draft lists the other participants, and a direct draft without recipients is unaddressed', async () => {
    const [withSelf, empty] = await create(mark, [
      { type: 'private', to: [id.mark, id.gina], topic: '', content: 'Hi' },
      { type: 'private', to: [], topic: '', content: 'Nobody yet' },
    ]);
    expect(await draftById(mark, withSelf as number)).toMatchObject({ type: 'private', to: [id.gina] });
    expect(await draftById(mark, empty as number)).toMatchObject({ type: '', to: [] });
  });

  test('a channel draft naming two channels is refused with BAD_REQUEST', async () => {
    const response = await mark.post('/drafts', { drafts: [channelDraft({ to: [id.general, id.design] })] });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(error('Must specify exactly 1 stream ID for stream messages'));
  });

  test('a channel draft naming no channel is refused with BAD_REQUEST', async () => {
    const response = await mark.post('/drafts', { drafts: [channelDraft({ to: [] })] });
    expect(response.body).toEqual(error('Must specify exactly 1 stream ID for stream messages'));
  });

  test('a null byte in the content is refused', async () => {
    const response = await mark.post('/drafts', { drafts: [channelDraft({ content: 'bad\u0000byte' })] });
    expect(response.body).toEqual(error('Content must not contain null bytes'));
  });

  test('a null byte in the topic is refused', async () => {
    const response = await mark.post('/drafts', { drafts: [channelDraft({ topic: 'bad\u0000topic' })] });
    expect(response.body).toEqual(error('Topic must not contain null bytes'));
  });

  test('an id sent with a new draft is refused, and nothing is stored', async () => {
    const before = (await listDrafts(mark)).length;
    const response = await mark.post('/drafts', { drafts: [channelDraft(), channelDraft({ id: 5 })] });
    expect(response.body).toEqual(error('Argument "id" at drafts[1]["id"] is unexpected'));
    expect(await listDrafts(mark)).toHaveLength(before);
  });

  test('a negative timestamp is refused', async () => {
    const response = await mark.post('/drafts', { drafts: [channelDraft({ timestamp: -1 })] });
    expect(response.body).toEqual(error('Timestamp must not be negative.'));
  });

  test('a channel that does not exist is refused', async () => {
    const response = await mark.post('/drafts', { drafts: [channelDraft({ to: [987_654] })] });
    expect(response.body).toEqual(error('Invalid channel ID'));
  });

  test('a private channel the user cannot read is refused like a missing one', async () => {
    const response = await mark.post('/drafts', { drafts: [channelDraft({ to: [id.leadership] })] });
    expect(response.body).toEqual(error('Invalid channel ID'));
  });

  test('a recipient who does not exist is refused', async () => {
    const response = await mark.post('/drafts', { drafts: [{ type: 'private', to: [987_654], topic: '', content: 'Hello?' }] });
    expect(response.body).toEqual(error('Invalid user ID 987654'));
  });

  test('a deactivated recipient is refused', async () => {
    const response = await mark.post('/drafts', { drafts: [{ type: 'private', to: [id.derek], topic: '', content: 'Miss you' }] });
    expect(response.body).toEqual(error("'derek@sandbox.test' is no longer using Zulip."));
  });
});

describe('listing, editing and deleting drafts', () => {
  test('GET /drafts counts the drafts and lists them oldest edit first', async () => {
    const [newer, older] = await create(olivia, [channelDraft({ timestamp: 1_700_000_200 }), channelDraft({ timestamp: 1_700_000_100 })]);
    const response = await olivia.get('/drafts');
    const reply = getDrafts.reply.parse(response.body);
    expect(reply.count).toBe(reply.drafts.length);
    const order = reply.drafts.map((draft) => draft.id);
    expect(order.indexOf(older as number)).toBeLessThan(order.indexOf(newer as number));
  });

  test('PATCH replaces the whole draft', async () => {
    const [draftId] = await create(mark, [channelDraft()]);
    const response = await mark.patch(`/drafts/${draftId}`, { draft: { type: 'private', to: [id.gina], topic: 'ignored', content: 'Now a DM', timestamp: 1_700_000_300 } });
    expect(response.body).toMatchObject({ result: 'success' });
    expect(await draftById(mark, draftId as number)).toEqual({ id: draftId, type: 'private', to: [id.gina], topic: '', content: 'Now a DM', timestamp: 1_700_000_300 });
  });

  test('PATCH refuses an id inside the draft', async () => {
    const [draftId] = await create(mark, [channelDraft()]);
    const response = await mark.patch(`/drafts/${draftId}`, { draft: { ...channelDraft(), id: draftId } });
    expect(response.body).toEqual(error('Argument "id" at draft["id"] is unexpected'));
  });

  test('PATCH of a draft that does not exist answers 404 with BAD_REQUEST', async () => {
    const response = await mark.patch('/drafts/987654', { draft: channelDraft() });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(error('Draft does not exist'));
  });

  test("another user's draft cannot be edited or deleted", async () => {
    const [oliviasDraft] = await create(olivia, [channelDraft()]);
    expect((await mark.patch(`/drafts/${oliviasDraft}`, { draft: channelDraft() })).body).toEqual(error('Draft does not exist'));
    expect((await mark.delete(`/drafts/${oliviasDraft}`)).body).toEqual(error('Draft does not exist'));
    expect(await draftById(olivia, oliviasDraft as number)).toBeDefined();
  });

  test('DELETE removes the draft; deleting it again answers Draft does not exist', async () => {
    const [draftId] = await create(mark, [channelDraft()]);
    expect((await mark.delete(`/drafts/${draftId}`)).body).toMatchObject({ result: 'success' });
    expect(await draftById(mark, draftId as number)).toBeUndefined();
    const again = await mark.delete(`/drafts/${draftId}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual(error('Draft does not exist'));
  });
});

describe('with draft synchronization turned off', () => {
  test('every draft endpoint answers that the user has disabled synchronizing drafts', async () => {
    const { mona } = clients;
    const [draftId] = await create(mona, [channelDraft()]);
    withDb(server, (db) =>
      db.prepare("UPDATE users SET settings = json_set(settings, '$.enable_drafts_synchronization', json('false')) WHERE id = ?").run(id.mona),
    );
    const refused = error('User has disabled synchronizing drafts.');
    expect((await mona.post('/drafts', { drafts: [channelDraft()] })).body).toEqual(refused);
    expect((await mona.get('/drafts')).body).toEqual(refused);
    expect((await mona.patch(`/drafts/${draftId}`, { draft: channelDraft() })).body).toEqual(refused);
    expect((await mona.delete(`/drafts/${draftId}`)).body).toEqual(refused);
  });
});

describe('drafts events', () => {
  test("creating, editing and deleting reach the user's clients as drafts add, update and remove", async () => {
    const queue = await registerQueue(mark, { event_types: ['drafts'] });
    const [draftId] = await create(mark, [channelDraft({ timestamp: 1_700_000_400 })]);
    await mark.patch(`/drafts/${draftId}`, { draft: channelDraft({ content: 'Edited', timestamp: 1_700_000_500 }) });
    await mark.delete(`/drafts/${draftId}`);
    const [added, updated, removed] = await queue.drain();
    expect(DraftsAddEvent.parse(added).drafts).toEqual([{ id: draftId, type: 'stream', to: [id.general], topic: 'plans', content: 'Half-written thought', timestamp: 1_700_000_400 }]);
    expect(DraftsUpdateEvent.parse(updated).draft).toMatchObject({ id: draftId, content: 'Edited', timestamp: 1_700_000_500 });
    expect(DraftsRemoveEvent.parse(removed).draft_id).toBe(draftId);
    await queue.close();
  });

  test("other users hear nothing of a user's drafts", async () => {
    const queue = await registerQueue(olivia, { event_types: ['drafts'] });
    await create(mark, [channelDraft()]);
    expect(await queue.drain()).toEqual([]);
    await queue.close();
  });
});
