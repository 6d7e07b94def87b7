// Deleting the reported message against a real sandbox: gone on the server, the report's conversation
// saying so (also when another administrator deleted it), the attempt in the activity log with no undo;
// a moderator refused in the server's words; a message already gone said plainly; nothing sent for a
// message that is not the report's, or for a report whose message cannot be seen.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { deleteMessage, getMessages, reportMessage, sendMessage } from '../../../shared/api';
import type { Report } from '../../../shared/ipc';
import type { ApiClient } from '../client/api-client';
import { eventually } from '../session/testing/session-harness';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { moderationConsole, peopleOf, type ModerationConsole, type ModerationConsoleOptions } from './testing/moderation-harness';

let sandbox: Sandbox;
let people: (email: string) => Promise<ApiClient>;
const consoles: ModerationConsole[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo', args: ['--heartbeat-ms', '500'] });
  people = peopleOf(sandbox.url);
}, 60_000);

afterAll(async () => {
  await Promise.all(consoles.map((running) => running.close()));
  await sandbox?.close();
  for (const running of consoles) rmSync(running.dataDir, { recursive: true, force: true });
});

async function consoleAs(email: string, options: ModerationConsoleOptions = {}): Promise<ModerationConsole> {
  const running = await moderationConsole(sandbox.url, email, options);
  consoles.push(running);
  return running;
}

/** Whether `email` can still read the message on the server. */
async function onServer(email: string, messageId: number): Promise<boolean> {
  const { value } = await (await people(email)).call(getMessages, { anchor: messageId, num_before: 0, num_after: 0, narrow: [{ operator: 'id', operand: messageId }] });
  return value.messages.some((message) => message.id === messageId);
}

/** A new message from Mark in #general, reported by Mona; the report as `running` sees it once it arrived. */
async function freshReport(running: ModerationConsole, content: string): Promise<{ report: Report; messageId: number }> {
  const { value: sent } = await (await people('mark@sandbox.test')).call(sendMessage, { type: 'channel', to: 'general', topic: 'deletions', content });
  await (await people('mona@sandbox.test')).call(reportMessage, { message_id: sent.id, report_type: 'spam' });
  await eventually(() => running.pushes.some((push) => push.kind === 'moderation.report' && push.summary === 'Mona Moderator reported Mark Member for spam'), 'the report');
  const report = (await running.moderation.inbox(running.account)).reports.find((candidate) => candidate.reportedMessageId === sent.id);
  if (!report) throw new Error(`no report about message ${sent.id}`);
  return { report, messageId: sent.id };
}

/** The reported message as the report's conversation shows it. */
async function shownMessage(running: ModerationConsole, reportId: number): Promise<number> {
  const context = await running.moderation.context(running.account, reportId);
  const shown = context.messages.find((message) => message.isReported);
  if (!shown) throw new Error(`report ${reportId} shows no message: ${context.explanation ?? ''}`);
  return shown.id;
}

const deletions = (running: ModerationConsole) => running.activity.list(running.account, 100).filter((entry) => entry.action === 'Deleted message');

test('an administrator deletes the reported message: gone on the server, said in its conversation, logged with no undo', async () => {
  const olivia = await consoleAs('olivia@sandbox.test');
  const harassment = (await olivia.moderation.inbox(olivia.account)).reports.find((candidate) => candidate.reportType === 'harassment');
  if (!harassment?.reportedMessageId || !harassment.reportedUser) throw new Error('no harassment report');
  const messageId = await shownMessage(olivia, harassment.id);
  expect(messageId).toBe(harassment.reportedMessageId);
  expect(await onServer('mona@sandbox.test', messageId)).toBe(true);

  await expect(olivia.moderation.deleteMessage(olivia.account, harassment.id, messageId)).resolves.toBeNull();

  expect(await onServer('mona@sandbox.test', messageId)).toBe(false);
  expect(await onServer('olivia@sandbox.test', messageId)).toBe(false);
  expect(olivia.pushes).toContainEqual({ kind: 'realm.changed', account: olivia.account, changes: [{ collection: 'messages', ids: [messageId] }] });
  expect(await olivia.moderation.context(olivia.account, harassment.id)).toEqual({ available: false, explanation: 'The reported message was deleted.', deleted: true, messages: [] });
  // The report itself stays, to be reviewed.
  expect((await olivia.moderation.inbox(olivia.account)).reports.some((candidate) => candidate.id === harassment.id)).toBe(true);

  const general = [...(olivia.sessions.get(olivia.account).state?.channels.values() ?? [])].find((channel) => channel.name === 'general');
  const [entry] = deletions(olivia);
  expect(entry).toMatchObject({
    actor: 'Olivia Owner (olivia@sandbox.test)',
    kind: 'moderation',
    target: `Message from ${harassment.reportedUser.name} in #general › lunch plans`,
    details: `Message ${messageId}: “Nobody wants to eat with you people.” · reported by Mona Moderator as Harassment`,
    result: 'ok',
    error: null,
    userIds: [harassment.reportedUser.id],
    channelIds: [general?.stream_id],
  });
  // A deletion cannot be undone: the entry carries nothing an undo could use.
  expect(entry?.undo).toBeUndefined();
  expect(entry?.jobId).toBeUndefined();
});

test('a message another administrator deletes shows as deleted in the open report, through the queue', async () => {
  const olivia = await consoleAs('olivia@sandbox.test');
  const { report, messageId } = await freshReport(olivia, 'Deleted by someone else.');
  expect(await shownMessage(olivia, report.id)).toBe(messageId);

  await (await people('adam@sandbox.test')).call(deleteMessage, { message_id: messageId });

  await eventually(() => olivia.pushes.some((push) => push.kind === 'realm.changed' && push.changes.some((change) => change.collection === 'messages' && change.ids.includes(messageId))), 'the deletion event');
  expect(await olivia.moderation.context(olivia.account, report.id)).toMatchObject({ available: false, deleted: true });
  expect(deletions(olivia)).toEqual([]);
});

test('a moderator the conversation does not let delete it is refused in the server’s words, and the message stays', async () => {
  const mona = await consoleAs('mona@sandbox.test');
  // Gina's group DM, which Mona was in: her console finds it by its text.
  const other = (await mona.moderation.inbox(mona.account)).reports.find((candidate) => candidate.reportType === 'other' && candidate.where?.kind === 'group_dm');
  if (!other) throw new Error('no group DM report');
  const messageId = await shownMessage(mona, other.id);

  const refusal = mona.moderation.deleteMessage(mona.account, other.id, messageId);
  await expect(refusal).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  await expect(refusal).rejects.toThrow(
    'The message from Gina Guest in a group direct message with Mona Moderator, Mark Member and Gina Guest could not be deleted: You don\'t have permission to delete this message. Administrators can delete any message; others only where the organization or the channel lets them delete any message. Ask an administrator to delete it.',
  );
  expect(await onServer('mona@sandbox.test', messageId)).toBe(true);
  expect(deletions(mona)).toEqual([expect.objectContaining({ result: 'failed', error: expect.stringContaining("You don't have permission to delete this message.") })]);
  expect((await mona.moderation.context(mona.account, other.id)).available).toBe(true);
});

test('a message already deleted is said plainly, as nothing left to delete', async () => {
  const olivia = await consoleAs('olivia@sandbox.test');
  const { report, messageId } = await freshReport(olivia, 'Deleted before the console got to it.');
  const shown = await shownMessage(olivia, report.id);
  await (await people('mark@sandbox.test')).call(deleteMessage, { message_id: messageId });

  const gone = olivia.moderation.deleteMessage(olivia.account, report.id, shown);
  await expect(gone).rejects.toMatchObject({ code: 'MESSAGE_GONE' });
  await expect(gone).rejects.toThrow(
    'The message from Mark Member in #general › deletions is already gone (the server answered “Invalid message(s)”): it was deleted, or moved where you cannot reach it. There is nothing left to delete; the report stays.',
  );
  expect(deletions(olivia).find((entry) => entry.details.startsWith(`Message ${messageId}:`))).toMatchObject({ result: 'failed', error: expect.stringContaining('already gone') });
});

test('a reply lost on the way is checked on the server before the failure is said', async () => {
  let cut = true;
  const olivia = await consoleAs('olivia@sandbox.test', { offline: (request) => cut && request.startsWith('DELETE /messages/') });
  const { report, messageId } = await freshReport(olivia, 'Kept through a network failure.');
  const failure = olivia.moderation.deleteMessage(olivia.account, report.id, await shownMessage(olivia, report.id));
  await expect(failure).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  await expect(failure).rejects.toThrow(/could not be deleted: .* The server shows nothing was changed: try again\.$/);
  expect(await onServer('olivia@sandbox.test', messageId)).toBe(true);
  cut = false;
  await expect(olivia.moderation.deleteMessage(olivia.account, report.id, messageId)).resolves.toBeNull();
  expect(await onServer('olivia@sandbox.test', messageId)).toBe(false);
});

test('a message that is not the report’s, or a report whose message cannot be seen, sends nothing', async () => {
  const olivia = await consoleAs('olivia@sandbox.test');
  const { reports } = await olivia.moderation.inbox(olivia.account);
  const harassment = reports.find((candidate) => candidate.reportType === 'harassment');
  const spam = reports.find((candidate) => candidate.reportType === 'spam' && candidate.where?.kind === 'dm');
  if (!harassment || !spam) throw new Error('no seeded reports');

  await expect(olivia.moderation.deleteMessage(olivia.account, harassment.id, harassment.id)).rejects.toMatchObject({ code: 'NOT_THE_REPORTED_MESSAGE' });
  // A DM between Mark and Gina: Olivia cannot read it, so the console cannot tell which message it is.
  const hidden = olivia.moderation.deleteMessage(olivia.account, spam.id, 1);
  await expect(hidden).rejects.toMatchObject({ code: 'NO_MESSAGE_TO_DELETE' });
  await expect(hidden).rejects.toThrow(/^This was a direct message between Mark Member and Gina Guest\. .* Nothing was deleted\.$/);
  expect(olivia.requests.filter((request) => request.startsWith('DELETE /messages'))).toEqual([]);
});
