// spec 18 POST /saved_snippets, spec 17 PATCH /saved_snippets/{id}, and upstream's GET and DELETE, over
// HTTP; and the saved_snippets events the owner's clients receive.
import { beforeAll, describe, expect, test } from 'vitest';
import {
  createSavedSnippet,
  getSavedSnippets,
  SavedSnippetsAddEvent,
  SavedSnippetsRemoveEvent,
  SavedSnippetsUpdateEvent,
  type SavedSnippet,
} from '../../shared/api';
import { seconds } from '../lib/clock';
import { registerQueue } from '../testing/event-client';
import type { ApiClient } from '../testing/harness';
import { error } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';

const { server, clients } = demoServerForFile();
let mark: ApiClient;
let olivia: ApiClient;

beforeAll(() => {
  ({ mark, olivia } = clients);
});

async function create(client: ApiClient, title: string, content: string): Promise<number> {
  const response = await client.post('/saved_snippets', { title, content });
  expect(response.body).toMatchObject({ result: 'success' });
  return createSavedSnippet.reply.parse(response.body).saved_snippet_id;
}

async function snippet(client: ApiClient, snippetId: number): Promise<SavedSnippet | undefined> {
  const response = await client.get('/saved_snippets');
  return getSavedSnippets.reply.parse(response.body).saved_snippets.find((found) => found.id === snippetId);
}

describe('creating a saved snippet', () => {
  test('the snippet is stored with its creation time and listed by GET /saved_snippets', async () => {
    const snippetId = await create(mark, 'Greeting', 'Hello **team**!');
    expect(await snippet(mark, snippetId)).toEqual({ id: snippetId, title: 'Greeting', content: 'Hello **team**!', date_created: seconds(server.clock) });
  });

  test('whitespace around the title and the content is dropped, as upstream strips it', async () => {
    const snippetId = await create(mark, '  Padded  ', '\n text \n');
    expect(await snippet(mark, snippetId)).toMatchObject({ title: 'Padded', content: 'text' });
  });

  test('an empty title is refused with BAD_REQUEST', async () => {
    const response = await mark.post('/saved_snippets', { title: '', content: 'Something' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
  });

  test('a blank content is refused with BAD_REQUEST', async () => {
    const response = await mark.post('/saved_snippets', { title: 'Empty', content: '   ' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
  });

  test('a missing title is REQUEST_VARIABLE_MISSING', async () => {
    const response = await mark.post('/saved_snippets', { content: 'No title' });
    expect(response.body).toEqual(error("Missing 'title' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'title' }));
  });

  test('a title over 60 characters is refused in upstream’s words', async () => {
    const response = await mark.post('/saved_snippets', { title: 'x'.repeat(61), content: 'Long title' });
    expect(response.body).toEqual(error('title is too long (limit: 60 characters)'));
  });

  test('content over 10000 characters is refused in upstream’s words', async () => {
    const response = await mark.post('/saved_snippets', { title: 'Long', content: 'x'.repeat(10_001) });
    expect(response.body).toEqual(error('content is too long (limit: 10000 characters)'));
  });
});

describe('editing and deleting a saved snippet', () => {
  test('PATCH changes only what is sent', async () => {
    const snippetId = await create(mark, 'Before', 'Body');
    expect((await mark.patch(`/saved_snippets/${snippetId}`, { title: 'After' })).body).toMatchObject({ result: 'success' });
    expect(await snippet(mark, snippetId)).toMatchObject({ title: 'After', content: 'Body' });
    await mark.patch(`/saved_snippets/${snippetId}`, { content: 'New body' });
    expect(await snippet(mark, snippetId)).toMatchObject({ title: 'After', content: 'New body' });
  });

  test('PATCH of an unknown snippet is BAD_REQUEST: Saved snippet does not exist.', async () => {
    const response = await mark.patch('/saved_snippets/987654', { title: 'Nope' });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(error('Saved snippet does not exist.'));
  });

  test("another user's snippet is unknown to PATCH and DELETE", async () => {
    const snippetId = await create(olivia, 'Mine', 'Owner only');
    expect((await mark.patch(`/saved_snippets/${snippetId}`, { title: 'Taken' })).body).toEqual(error('Saved snippet does not exist.'));
    expect((await mark.delete(`/saved_snippets/${snippetId}`)).body).toEqual(error('Saved snippet does not exist.'));
    expect(await snippet(olivia, snippetId)).toMatchObject({ title: 'Mine' });
  });

  test('PATCH refuses a blank title', async () => {
    const snippetId = await create(mark, 'Keep', 'Body');
    const response = await mark.patch(`/saved_snippets/${snippetId}`, { title: ' ' });
    expect(response.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    expect(await snippet(mark, snippetId)).toMatchObject({ title: 'Keep' });
  });

  test('DELETE removes the snippet; deleting it again answers that it does not exist', async () => {
    const snippetId = await create(mark, 'Short-lived', 'Body');
    expect((await mark.delete(`/saved_snippets/${snippetId}`)).body).toMatchObject({ result: 'success' });
    expect(await snippet(mark, snippetId)).toBeUndefined();
    expect((await mark.delete(`/saved_snippets/${snippetId}`)).body).toEqual(error('Saved snippet does not exist.'));
  });
});

describe('saved_snippets events', () => {
  test("creating, editing and deleting reach the owner's clients in upstream's shapes", async () => {
    const queue = await registerQueue(mark, { event_types: ['saved_snippets'] });
    const snippetId = await create(mark, 'Evented', 'Body');
    await mark.patch(`/saved_snippets/${snippetId}`, { content: 'Changed' });
    await mark.delete(`/saved_snippets/${snippetId}`);
    const [added, updated, removed] = await queue.drain();
    const created = { id: snippetId, title: 'Evented', content: 'Body', date_created: seconds(server.clock) };
    expect(SavedSnippetsAddEvent.parse(added).saved_snippet).toEqual(created);
    expect(SavedSnippetsUpdateEvent.parse(updated).saved_snippet).toEqual({ ...created, content: 'Changed' });
    expect(SavedSnippetsRemoveEvent.parse(removed).saved_snippet_id).toBe(snippetId);
    await queue.close();
  });

  test('a PATCH that changes nothing sends no event', async () => {
    const snippetId = await create(mark, 'Quiet', 'Body');
    const queue = await registerQueue(mark, { event_types: ['saved_snippets'] });
    expect((await mark.patch(`/saved_snippets/${snippetId}`)).body).toMatchObject({ result: 'success' });
    expect(await queue.drain()).toEqual([]);
    await queue.close();
  });

  test("other users hear nothing of a user's snippets", async () => {
    const queue = await registerQueue(olivia, { event_types: ['saved_snippets'] });
    await create(mark, 'Private', 'Body');
    expect(await queue.drain()).toEqual([]);
    await queue.close();
  });
});
