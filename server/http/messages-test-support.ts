// Shared by the message and report tests: finding demo entities over HTTP, sending and fetching.
import Database from 'better-sqlite3';
import path from 'node:path';
import { expect } from 'vitest';
import { getMessages, getStreams, getUsers, sendMessage, type FetchedMessage } from '../../shared/api';
import type { ApiClient, TestServer } from '../testing/harness';

/** A channel's ID among those the client may list (pass an administrator for private channels). */
export async function channelId(client: ApiClient, name: string): Promise<number> {
  const response = await client.get('/streams', { exclude_archived: false });
  const found = getStreams.reply.parse(response.body).streams.find((stream) => stream.name === name);
  if (!found) throw new Error(`no channel ${name}`);
  return found.stream_id;
}

export async function userId(client: ApiClient, email: string): Promise<number> {
  const response = await client.get('/users');
  const found = getUsers.reply.parse(response.body).members.find((user) => user.email === email);
  if (!found) throw new Error(`no user ${email}`);
  return found.user_id;
}

/** Sends and returns the new message's ID, failing the test if sending fails. */
export async function send(client: ApiClient, params: Record<string, unknown>): Promise<number> {
  const response = await client.post('/messages', params);
  expect(response.body).toMatchObject({ result: 'success' });
  return sendMessage.reply.parse(response.body).id;
}

export interface Fetched {
  anchor?: number;
  found_anchor: boolean;
  found_newest: boolean;
  found_oldest: boolean;
  history_limited: boolean;
  messages: FetchedMessage[];
}

/** GET /messages, checked against the spec's reply schema. */
export async function fetchMessages(client: ApiClient, params: Record<string, unknown>): Promise<Fetched> {
  const response = await client.get('/messages', params);
  expect(response.body).toMatchObject({ result: 'success' });
  return getMessages.reply.parse(response.body);
}

export const ids = (fetched: Fetched) => fetched.messages.map((message) => message.id);

/** Sets up rows no endpoint creates yet (a subscription made after messages were sent). */
export function withDb<T>(server: TestServer, run: (db: Database.Database) => T): T {
  const db = new Database(path.join(server.dataDir, 'sandbox.sqlite'));
  try {
    return run(db);
  } finally {
    db.close();
  }
}

export const error = (msg: string, code = 'BAD_REQUEST', extra: Record<string, unknown> = {}) => ({ result: 'error', msg, code, ...extra });
