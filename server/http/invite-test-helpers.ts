// What the invitation tests share: the demo's IDs looked up over HTTP, fresh addresses, and
// assertions on replies.
import { expect } from 'vitest';
import { errorSchemas, getInvites, type Invite } from '../../shared/api';
import type { ApiClient, ApiResponse } from '../testing/harness';

export interface DemoIds {
  user: Record<string, number>;
  channel: Record<string, number>;
  group: Record<string, number>;
}

/** User IDs by email, channel IDs by name (archived and private included), group IDs by name. */
export async function demoIds(owner: ApiClient): Promise<DemoIds> {
  const ids: DemoIds = { user: {}, channel: {}, group: {} };
  const users = await owner.get('/users');
  for (const user of users.body.members as { email: string; user_id: number }[]) ids.user[user.email] = user.user_id;
  const streams = await owner.get('/streams', { include_all: true, exclude_archived: false });
  for (const stream of streams.body.streams as { name: string; stream_id: number }[]) ids.channel[stream.name] = stream.stream_id;
  const groups = await owner.get('/user_groups');
  for (const group of groups.body.user_groups as { name: string; id: number }[]) ids.group[group.name] = group.id;
  return ids;
}

let counter = 0;
/** An address nobody has used yet. */
export const fresh = (label = 'invitee') => `${label}-${String(++counter)}@example.com`;

export function expectSuccess(response: ApiResponse): void {
  expect(response.body).toMatchObject({ result: 'success', msg: '' });
  expect(response.status).toBe(200);
}

export function expectError(response: ApiResponse, code: string, msg: string): void {
  expect(response.body).toMatchObject({ result: 'error', code, msg });
  expect(response.status).toBe(400);
}

/** The reply is INVITATION_FAILED with every field the spec names. */
export function invitationFailed(response: ApiResponse) {
  expect(response.status).toBe(400);
  return errorSchemas.INVITATION_FAILED.parse(response.body);
}

/** GET /invites as this client, checked against upstream's reply schema. */
export async function listed(client: ApiClient): Promise<Invite[]> {
  const response = await client.get('/invites');
  expect(response.status).toBe(200);
  return getInvites.reply.parse(response.body).invites;
}

export const listedEmails = async (client: ApiClient) => (await listed(client)).map((i) => i.email);

/** The pending invitation of this address, as an administrator sees it. */
export async function invitationFor(admin: ApiClient, email: string): Promise<Invite> {
  const found = (await listed(admin)).find((i) => i.email === email);
  if (!found) throw new Error(`${email} is not invited`);
  return found;
}
