// What the invitation tests share: their demo server, fresh addresses, the INVITATION_FAILED check,
// and the invitations a client sees listed.
import { expect } from 'vitest';
import { errorSchemas, getInvites, type Invite } from '../../shared/api';
import type { ApiClient, ApiResponse } from './harness';
import { demoServerForFile } from './server-per-file';

/** The file's demo server (see demoServerForFile), with a daily limit so high that the file's many
 * invitations never reach it (invites-limits.test.ts tests the limits), and `invite`, which sends
 * into general unless the parameters name other channels. */
export function invitesServerForFile() {
  const demo = demoServerForFile({ config: { dailyInviteLimit: 10_000 } });
  const invite = (client: ApiClient, params: Record<string, unknown>) =>
    client.post('/invites', { stream_ids: [demo.ids.channel.general], ...params });
  return { ...demo, invite };
}

let counter = 0;
/** An address nobody has used yet. */
export const fresh = (label = 'invitee') => `${label}-${String(++counter)}@example.com`;

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
