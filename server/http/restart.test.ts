// Stopping and starting the sandbox on the same data directory keeps what clients wrote through the
// API: each write below is made over HTTP before the restart and read back over HTTP after it.
import { beforeAll, describe, expect, test } from 'vitest';
import { markTopicAsRead, reportMessage, resendInvite, revokeInvite } from '../../shared/api';
import type { ApiClient } from '../testing/harness';
import { expectSuccess } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';
import { invitationFailed, listedEmails } from '../testing/invites-harness';
import { fetchMessages, send } from '../testing/message-requests';

// A low daily limit makes the invitations sent before the restart, the resend included, observable.
const { server, clients, ids } = demoServerForFile({ config: { dailyInviteLimit: 5 } });
let adam: ApiClient, mark: ApiClient, olivia: ApiClient;

const sent: { kept: number; read: number[]; unread: number } = { kept: 0, read: [], unread: 0 };
const invited = { revoked: 'revoked.before.restart@example.com', resent: 'resent.before.restart@example.com' };

beforeAll(async () => {
  ({ adam, mark, olivia } = clients);
  const general = (topic: string, content: string) => send(adam, { type: 'stream', to: 'general', topic, content });
  sent.kept = await general('kept across restarts', 'Still here after a restart?');
  sent.read = [await general('read before restart', 'first'), await general('read before restart', 'second')];
  sent.unread = await general('unread before restart', 'nobody read this');
  markTopicAsRead.reply.parse((await mark.post('/mark_topic_as_read', { stream_id: ids.channel.general, topic_name: 'read before restart' })).body);

  reportMessage.reply.parse((await mark.post(`/messages/${String(sent.kept)}/report`, { report_type: 'norms', description: 'Kept for the moderators.' })).body);

  // Two invitations are two sends against the daily limit; the resend is a third.
  expectSuccess(await adam.post('/invites', { invitee_emails: `${invited.revoked}, ${invited.resent}`, stream_ids: [ids.channel.general] }));
  const pending = (await adam.get('/invites')).body.invites as { id: number; email: string }[];
  const idOf = (email: string) => pending.find((invite) => invite.email === email)?.id ?? 0;
  revokeInvite.reply.parse((await adam.delete(`/invites/${String(idOf(invited.revoked))}`)).body);
  resendInvite.reply.parse((await adam.post(`/invites/${String(idOf(invited.resent))}/resend`)).body);

  expectSuccess(await adam.post(`/users/${String(ids.person.derek)}/reactivate`));

  await server.restart();
});

describe('after a stop and start on the same data directory', () => {
  test('a message sent with POST /messages is still there', async () => {
    const fetched = await fetchMessages(olivia, { message_ids: [sent.kept], apply_markdown: false });
    expect(fetched.messages).toEqual([expect.objectContaining({ id: sent.kept, content: 'Still here after a restart?', subject: 'kept across restarts', sender_id: ids.person.adam })]);
  });

  test('a topic marked as read stays read, and other topics stay unread', async () => {
    const fetched = await fetchMessages(mark, { message_ids: [...sent.read, sent.unread] });
    const flags = Object.fromEntries(fetched.messages.map((message) => [message.id, message.flags ?? []]));
    for (const id of sent.read) expect(flags[id]).toContain('read');
    expect(flags[sent.unread]).not.toContain('read');
  });

  test('a report is still in the moderation channel', async () => {
    const fetched = await fetchMessages(olivia, { anchor: 'newest', num_before: 1, num_after: 0, narrow: [['channel', 'moderation']], apply_markdown: false });
    expect(fetched.messages[0]).toMatchObject({ sender_email: 'notify-bot@sandbox.test', subject: "Adam Admin's moderation requests" });
    expect(fetched.messages[0]?.content).toContain(`reported #**general>kept across restarts@${String(sent.kept)}** sent by @_**Adam Admin|${String(ids.person.adam)}**.`);
  });

  test('a revoked invitation stays revoked; a resent one stays pending', async () => {
    const emails = await listedEmails(adam);
    expect(emails).toContain(invited.resent);
    expect(emails).not.toContain(invited.revoked);
  });

  test('the invitations and the resend sent before the restart still count against the daily limit', async () => {
    // 3 of 5 used: three more addresses are over the limit, two fit.
    const invite = (emails: string[]) => adam.post('/invites', { invitee_emails: emails.join(','), stream_ids: [ids.channel.general] });
    expect(invitationFailed(await invite(['after.1@example.com', 'after.2@example.com', 'after.3@example.com']))).toMatchObject({ daily_limit_reached: true, sent_invitations: false });
    expectSuccess(await invite(['after.1@example.com', 'after.2@example.com']));
  });

  test('a reactivated user is still active and can sign in', async () => {
    const derek = await adam.get(`/users/${String(ids.person.derek)}`);
    expect(derek.body.user).toMatchObject({ is_active: true });
    const signIn = await server.anonymous().post('/fetch_api_key', { username: 'derek@sandbox.test', password: 'sandbox' });
    expect(signIn.status).toBe(200);
  });
});
