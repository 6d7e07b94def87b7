// Shared by the message and report tests: sending a message and fetching messages, each checked
// against the spec's reply schema.
import { expect } from 'vitest';
import { getMessages, sendMessage } from '../../shared/api';
import type { ApiClient } from './harness';

/** Sends and returns the new message's ID, failing the test if sending fails. */
export async function send(client: ApiClient, params: Record<string, unknown>): Promise<number> {
  const response = await client.post('/messages', params);
  expect(response.body).toMatchObject({ result: 'success' });
  return sendMessage.reply.parse(response.body).id;
}

/** A GET /messages reply as the spec's schema reads it. */
export type Fetched = ReturnType<typeof getMessages.reply.parse>;

/** GET /messages, checked against the spec's reply schema. */
export async function fetchMessages(client: ApiClient, params: Record<string, unknown>): Promise<Fetched> {
  const response = await client.get('/messages', params);
  expect(response.body).toMatchObject({ result: 'success' });
  return getMessages.reply.parse(response.body);
}

export const ids = (fetched: Fetched) => fetched.messages.map((message) => message.id);
