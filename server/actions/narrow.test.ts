import Database from 'better-sqlite3';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Narrow } from '../../shared/api';
import { insertStream } from '../db/create-stream';
import { insertMessage } from '../db/insert-message';
import { migrate } from '../db/migrations';
import { thrownApiError } from '../testing/api-error';
import { buildNarrow, normalizeNarrow, searchWords, type NarrowContext } from './narrow';

// A few messages in an in-memory database, to see which ones each narrow selects.
const db = new Database(':memory:');
const ids = { ann: 0, bob: 0, cat: 0, lobby: 0, vault: 0 };
const msg = { hello: 0, pizza: 0, dm: 0, group: 0, empty: 0, vaultNote: 0 };

beforeAll(() => {
  migrate(db);
  const user = (name: string) =>
    Number(
      db
        .prepare(`INSERT INTO users (email, delivery_email, full_name, role, date_joined, api_key) VALUES (?, ?, ?, 400, 0, ?)`)
        .run(`${name}@x.test`, `${name}@x.test`, name, `key-${name}`).lastInsertRowid,
    );
  ids.ann = user('ann');
  ids.bob = user('bob');
  ids.cat = user('cat');
  ids.lobby = insertStream(db, { name: 'lobby', date_created: 0, creator_id: null });
  ids.vault = insertStream(db, { name: 'vault', date_created: 0, creator_id: null, invite_only: true, history_public_to_subscribers: false });
  const say = (sender: number, to: { stream_id: number; topic: string } | { user_ids: number[] }, content: string) =>
    insertMessage(db, { sender_id: sender, to, content, rendered_content: `<p>${content}</p>`, date_sent: 0 });
  msg.hello = say(ids.ann, { stream_id: ids.lobby, topic: 'lunch' }, 'Hello World');
  msg.pizza = say(ids.bob, { stream_id: ids.lobby, topic: 'Lunch' }, 'pizza time, world');
  msg.dm = say(ids.ann, { user_ids: [ids.bob] }, 'a secret');
  msg.group = say(ids.bob, { user_ids: [ids.ann, ids.cat] }, 'group hello');
  msg.empty = say(ids.cat, { stream_id: ids.lobby, topic: '' }, 'no topic here');
  msg.vaultNote = say(ids.ann, { stream_id: ids.vault, topic: 'keys' }, 'hidden');
});

function context(viewerId = ids.ann, options: Partial<NarrowContext> = {}): NarrowContext {
  const channels = [
    { id: ids.lobby, name: 'lobby', historyReadable: true },
    { id: ids.vault, name: 'vault', historyReadable: false },
  ];
  const users = [ids.ann, ids.bob, ids.cat].map((id, index) => ({ id, email: `${['ann', 'bob', 'cat'][index]}@x.test` }));
  return {
    viewerId,
    channel: (operand) => channels.find((channel) => (typeof operand === 'number' ? channel.id === operand : channel.name === operand)),
    userId: (operand) => users.find((user) => (typeof operand === 'number' ? user.id === operand : user.email === operand))?.id,
    canReadPublicChannels: true,
    ...options,
  };
}

/** The IDs of the messages a narrow selects (access rules aside). */
function select(narrow: Narrow, viewerId?: number): number[] {
  const query = buildNarrow(normalizeNarrow(narrow), context(viewerId));
  return db.prepare(`SELECT m.id FROM messages m WHERE ${query.where} ORDER BY m.id`).pluck().all(query.params) as number[];
}

const narrowError = (narrow: Narrow) => thrownApiError(() => select(narrow));

describe('both narrow forms', () => {
  test('a two-string term and an object term select the same messages', () => {
    expect(select([['channel', 'lobby']])).toEqual(select([{ operator: 'channel', operand: 'lobby' }]));
  });

  test('the empty narrow selects everything', () => {
    expect(select([])).toEqual(Object.values(msg).sort((a, b) => a - b));
  });
});

describe('operators', () => {
  test.each([
    ['by name, two-string form', [['channel', 'lobby']]],
    ['by name, object form', [{ operator: 'channel', operand: 'lobby' }]],
    ['by ID, object form', () => [{ operator: 'channel', operand: ids.lobby }]],
    ['by ID, two-string form', () => [['channel', String(ids.lobby)]]],
    ['with the older name stream', [['stream', 'lobby']]],
  ] as [string, Narrow | (() => Narrow)][])('channel %s', (_name, narrow) => {
    expect(select(typeof narrow === 'function' ? narrow() : narrow)).toEqual([msg.hello, msg.pizza, msg.empty]);
  });

  test.each([
    ['two-string form', [['channel', 'lobby'], ['topic', 'LUNCH']]],
    ['object form', [{ operator: 'channel', operand: 'lobby' }, { operator: 'topic', operand: 'lunch' }]],
  ] as [string, Narrow][])('topic matches without regard to case (%s)', (_name, narrow) => {
    expect(select(narrow)).toEqual([msg.hello, msg.pizza]);
  });

  test('topic "" is the empty topic', () => {
    expect(select([['topic', '']])).toEqual([msg.empty]);
  });

  test.each([
    ['by address, two-string form', () => [['sender', 'bob@x.test']]],
    ['by ID, object form', () => [{ operator: 'sender', operand: ids.bob }]],
    ['by ID, two-string form', () => [['sender', String(ids.bob)]]],
  ] as [string, () => Narrow][])('sender %s', (_name, narrow) => {
    expect(select(narrow())).toEqual([msg.pizza, msg.group]);
  });

  test.each([
    ['a list of IDs, object form', () => [{ operator: 'dm', operand: [ids.bob] }]],
    ['addresses, two-string form', () => [['dm', 'bob@x.test']]],
    ['addresses with the older name pm-with', () => [['pm-with', 'bob@x.test']]],
  ] as [string, () => Narrow][])('dm with %s is the viewer’s conversation with them', (_name, narrow) => {
    expect(select(narrow())).toEqual([msg.dm]);
  });

  test('dm with several people is that group conversation', () => {
    expect(select([['dm', 'bob@x.test,cat@x.test']])).toEqual([msg.group]);
    expect(select([{ operator: 'dm', operand: [ids.bob, ids.cat] }])).toEqual([msg.group]);
  });

  test.each([
    ['is:dm, two-string form', [['is', 'dm']]],
    ['is:private, the older name', [['is', 'private']]],
    ['is:dm, object form', [{ operator: 'is', operand: 'dm' }]],
  ] as [string, Narrow][])('%s selects direct messages', (_name, narrow) => {
    expect(select(narrow)).toEqual([msg.dm, msg.group]);
  });

  test.each([
    ['two-string form', [['search', 'WORLD']]],
    ['object form', [{ operator: 'search', operand: 'world' }]],
  ] as [string, Narrow][])('search is a case-insensitive substring match (%s)', (_name, narrow) => {
    expect(select(narrow)).toEqual([msg.hello, msg.pizza]);
  });

  test('search needs every word, and also looks at the topic', () => {
    expect(select([['search', 'hello world']])).toEqual([msg.hello]);
    expect(select([['search', 'keys']])).toEqual([msg.vaultNote]);
  });

  test('search keeps a quoted phrase whole', () => {
    expect(searchWords('"pizza time" world')).toEqual(['pizza time', 'world']);
    expect(select([['search', '"time, world"']])).toEqual([msg.pizza]);
  });

  test.each([
    ['two-string form', [['channels', 'public']]],
    ['object form', [{ operator: 'channels', operand: 'public' }]],
    ['the older name streams', [['streams', 'public']]],
  ] as [string, Narrow][])('channels:public selects public channels only (%s)', (_name, narrow) => {
    expect(select(narrow)).toEqual([msg.hello, msg.pizza, msg.empty]);
  });

  test('a negated term excludes what it would select', () => {
    expect(select([{ operator: 'channel', operand: 'lobby', negated: true }])).toEqual([msg.dm, msg.group, msg.vaultNote]);
  });

  test('near does not filter', () => {
    expect(select([['near', '3']])).toHaveLength(Object.keys(msg).length);
  });
});

describe('errors', () => {
  test('an unknown operator is BAD_NARROW with upstream’s text', () => {
    const error = narrowError([['color', 'blue']]);
    expect(error.code).toBe('BAD_NARROW');
    expect(error.message).toBe('Invalid narrow operator: unknown operator color');
  });

  test('an unknown channel is BAD_NARROW', () => {
    expect(narrowError([['channel', 'nowhere']]).message).toBe('Invalid narrow operator: unknown channel nowhere');
  });

  test('an unknown sender is BAD_NARROW', () => {
    expect(narrowError([['sender', 'nobody@x.test']]).message).toBe('Invalid narrow operator: unknown user nobody@x.test');
  });

  test('an unknown user in a dm narrow is BAD_NARROW', () => {
    expect(narrowError([['dm', 'nobody@x.test']]).message).toBe('Invalid narrow operator: unknown user in nobody@x.test');
  });

  test('an unknown is: operand is BAD_NARROW', () => {
    expect(narrowError([['is', 'sparkly']]).message).toBe("Invalid narrow operator: unknown 'is' operand sparkly");
  });

  test('channels accepts only public and web-public', () => {
    expect(narrowError([['channels', 'all']]).message).toBe('Invalid narrow operator: unknown channels operand all');
  });
});

describe('shared history (upstream ok_to_include_history)', () => {
  const history = (narrow: Narrow, options: Partial<NarrowContext> = {}) => buildNarrow(normalizeNarrow(narrow), context(ids.ann, options)).history;

  test('a channel whose history the viewer may read opens that channel’s history', () => {
    expect(history([['channel', 'lobby']])).toContain(`m.stream_id IN (${ids.lobby})`);
  });

  test('a protected-history channel does not', () => {
    expect(history([['channel', 'vault']])).toBeNull();
  });

  test('a negated channel does not', () => {
    expect(history([{ operator: 'channel', operand: 'lobby', negated: true }])).toBeNull();
  });

  test('channels:public opens every public channel, but not for guests', () => {
    expect(history([['channels', 'public']])).toContain('invite_only = 0');
    expect(history([['channels', 'public']], { canReadPublicChannels: false })).toBeNull();
  });

  test('an is: term keeps the narrow to the viewer’s own history', () => {
    expect(history([['channel', 'lobby'], ['is', 'unread']])).toBeNull();
  });

  test('most narrows search only the viewer’s own history', () => {
    expect(history([['search', 'hello']])).toBeNull();
  });
});
