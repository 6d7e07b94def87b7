// The moderation inbox against a real sandbox: the seeded reports parsed, reports made by members
// arriving live through the session's queue, review state that survives a restart and marks the topic
// read on the server, the reported message in context (or why not), and a realm without a channel.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { deleteMessage, getMessages, getUsers, reportMessage, sendMessage, updateChannel, type ReportMessageParams } from '../../../shared/api';
import type { Report } from '../../../shared/ipc';
import type { ApiClient } from '../client/api-client';
import { eventually } from '../session/testing/session-harness';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { moderationConsole, newestMessage, peopleOf, type ModerationConsole, type ModerationConsoleOptions } from './testing/moderation-harness';

let sandbox: Sandbox;
let empty: Sandbox;
let people: (email: string) => Promise<ApiClient>;
const dirs = new Set<string>();
const consoles: ModerationConsole[] = [];

beforeAll(async () => {
  [sandbox, empty] = await Promise.all([startSandbox({ seed: 'demo', args: ['--heartbeat-ms', '500'] }), startSandbox({ seed: 'empty' })]);
  people = peopleOf(sandbox.url);
}, 60_000);

afterAll(async () => {
  await Promise.all(consoles.map((running) => running.close()));
  await Promise.all([sandbox?.close(), empty?.close()]);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The core's accounts, sessions and moderation service, as core.ts builds them, on a data folder. */
async function consoleAs(email: string, options: ModerationConsoleOptions & { url?: string } = {}): Promise<ModerationConsole> {
  const running = await moderationConsole(options.url ?? sandbox.url, email, options);
  dirs.add(running.dataDir);
  consoles.push(running);
  return running;
}

const client = (email: string) => people(email);

/** The demo's people by the local part of their address: { mark: { id, name }, ... }. */
async function userIds(): Promise<Record<string, { id: number; name: string }>> {
  const { value } = await (await client('olivia@sandbox.test')).call(getUsers, {});
  return Object.fromEntries(value.members.map((user) => [user.email.split('@')[0] ?? '', { id: user.user_id, name: user.full_name }]));
}

/** The newest message in a conversation, as its members see it. */
async function newest(email: string, narrow: { operator: string; operand: string | number | number[] }[]) {
  return newestMessage(await client(email), narrow);
}

async function report(email: string, params: ReportMessageParams): Promise<void> {
  await (await client(email)).call(reportMessage, params);
}

const reportAbout = (reports: readonly Report[], text: string) => reports.find((candidate) => candidate.content?.startsWith(text));

test('the inbox lists the three seeded reports, parsed, newest first', async () => {
  const people = await userIds();
  const olivia = await consoleAs('olivia@sandbox.test');
  const inbox = await olivia.moderation.inbox(olivia.account);
  expect(inbox.channel).toMatchObject({ name: 'moderation' });
  expect(inbox.readable).toBe(true);
  const seeded = inbox.reports.filter((candidate) => candidate.reporter !== null && ['Mark Member', 'Mona Moderator'].includes(candidate.reporter.name));
  expect(seeded.map((candidate) => candidate.reportType)).toEqual(['other', 'harassment', 'spam']);
  expect(inbox.reports.map((candidate) => candidate.id)).toEqual([...inbox.reports.map((candidate) => candidate.id)].sort((a, b) => b - a));

  const rude = await newest('mona@sandbox.test', [
    { operator: 'channel', operand: 'general' },
    { operator: 'topic', operand: 'lunch plans' },
    { operator: 'search', operand: 'Nobody wants' },
  ]);
  expect(seeded).toEqual([
    expect.objectContaining({
      parsed: true,
      status: 'new',
      reportType: 'other',
      reporter: people.mona,
      reportedUser: people.gina,
      reportedMessageId: null,
      where: { kind: 'group_dm', participants: [people.mona, people.mark, people.gina].sort((a, b) => (a?.id ?? 0) - (b?.id ?? 0)) },
      notes: 'Insulting the onboarding group.',
      content: 'You are all idiots.',
      truncated: false,
    }),
    expect.objectContaining({
      parsed: true,
      reportType: 'harassment',
      reporter: people.mona,
      reportedUser: { id: rude.sender_id, name: rude.sender_full_name },
      reportedMessageId: rude.id,
      where: { kind: 'channel', channelId: null, channelName: 'general', topic: 'lunch plans' },
      notes: 'Third time this week.',
      content: 'Nobody wants to eat with you people.',
    }),
    expect.objectContaining({
      parsed: true,
      reportType: 'spam',
      reporter: people.mark,
      reportedUser: people.gina,
      where: { kind: 'dm' },
      notes: '',
      content: 'Buy cheap followers now!!! http://spam.example',
    }),
  ]);
  for (const seededReport of seeded) expect(seededReport.time).toBeGreaterThan(0);
});

test('reports arrive live through the queue, parsed, with a notification push', async () => {
  const olivia = await consoleAs('olivia@sandbox.test');
  await olivia.moderation.inbox(olivia.account);
  // An unusual channel name (upstream writes a Markdown link for it) and content holding a fence.
  const engineering = await newest('adam@sandbox.test', [{ operator: 'channel', operand: 'engineering' }, { operator: 'topic', operand: 'deploys' }]);
  await (await client('adam@sandbox.test')).call(updateChannel, { stream_id: engineering.stream_id ?? -1, new_name: 'eng > ops' });
  await report('mark@sandbox.test', { message_id: engineering.id, report_type: 'norms', description: 'Posting logs in chat.' });
  // A group DM, reported by a moderator in it.
  const people = await userIds();
  const groupDm = await newest('mona@sandbox.test', [
    { operator: 'dm', operand: [people.mark?.id ?? -1, people.gina?.id ?? -1] },
    { operator: 'search', operand: 'onboarding checklist' },
  ]);
  await report('mona@sandbox.test', { message_id: groupDm.id, report_type: 'inappropriate' });
  // Content too long to quote whole.
  const mark = await client('mark@sandbox.test');
  const { value: sent } = await mark.call(sendMessage, { type: 'channel', to: 'general', topic: 'essays', content: `${'long words '.repeat(900)}the end` });
  await report('mona@sandbox.test', { message_id: sent.id, report_type: 'spam' });

  const notices = await eventually(() => {
    const found = olivia.pushes.filter((push) => push.kind === 'moderation.report');
    return found.length >= 3 && found;
  }, 'three report notifications');
  expect(notices.map((push) => push.kind === 'moderation.report' && push.summary)).toEqual([
    `Mark Member reported ${engineering.sender_full_name} for norms`,
    'Mona Moderator reported Mark Member for inappropriate',
    'Mona Moderator reported Mark Member for spam',
  ]);
  // The session names the new reports, so screens refetch.
  await eventually(() => olivia.pushes.some((push) => push.kind === 'realm.changed' && push.changes.some((change) => change.collection === 'reports')), 'realm.changed for reports');

  expect(olivia.requests).toContain('GET /messages');
  const before = olivia.requests.length;
  const { reports } = await olivia.moderation.inbox(olivia.account);
  // The queue's message events carried the reports' Markdown: nothing was fetched again.
  expect(olivia.requests.slice(before).filter((request) => request === 'GET /messages')).toEqual([]);
  expect(reportAbout(reports, 'Staging looks good')).toMatchObject({
    parsed: true,
    status: 'new',
    reportType: 'norms',
    reportedMessageId: engineering.id,
    where: { kind: 'channel', channelId: engineering.stream_id, channelName: 'eng > ops', topic: 'deploys' },
    notes: 'Posting logs in chat.',
    content: 'Staging looks good:\n```\nall 412 checks passed\n```',
  });
  expect(reportAbout(reports, 'Staging looks good')?.raw).toContain('```` spoiler');
  expect(reportAbout(reports, 'Group chat for the onboarding')).toMatchObject({ reportType: 'inappropriate', where: { kind: 'group_dm' }, notes: '' });
  const long = reportAbout(reports, 'long words');
  expect(long).toMatchObject({ truncated: true, reportType: 'spam' });
  expect(long?.content?.length).toBe(8500 - '\n[message truncated]'.length);
  const ids = notices.map((push) => (push.kind === 'moderation.report' ? push.reportId : -1));
  expect(reports.filter((candidate) => ids.includes(candidate.id))).toHaveLength(3);
  await (await client('adam@sandbox.test')).call(updateChannel, { stream_id: engineering.stream_id ?? -1, new_name: 'engineering' });
});

test('reports past one page are all loaded, paging by anchor', async () => {
  const paged = await consoleAs('adam@sandbox.test', { pageSize: 2 });
  const whole = await consoles[0]?.moderation.inbox(consoles[0].account);
  const { reports } = await paged.moderation.inbox(paged.account);
  expect(reports.length).toBeGreaterThanOrEqual(3);
  expect(reports.map((candidate) => candidate.id)).toEqual(whole?.reports.map((candidate) => candidate.id));
});

test('mark reviewed is kept across a restart and marks the topic read on the server', async () => {
  const olivia = await consoleAs('olivia@sandbox.test');
  const harassment = (await olivia.moderation.inbox(olivia.account)).reports.find((candidate) => candidate.reportType === 'harassment');
  if (!harassment) throw new Error('no harassment report');
  const topicFlags = async () => {
    const { value } = await (await client('olivia@sandbox.test')).call(getMessages, {
      anchor: 'newest',
      num_before: 100,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: 'moderation' }, { operator: 'topic', operand: `${harassment.reportedUser?.name ?? ''}'s moderation requests` }],
    });
    return value.messages.map((message) => message.flags ?? []);
  };
  expect((await topicFlags()).some((flags) => !flags.includes('read'))).toBe(true);

  await olivia.moderation.markReviewed(olivia.account, [harassment.id], true);
  expect(olivia.pushes).toContainEqual({ kind: 'realm.changed', account: olivia.account, changes: [{ collection: 'reports', ids: [harassment.id] }] });
  expect((await topicFlags()).every((flags) => flags.includes('read'))).toBe(true);

  await olivia.close();
  const again = await consoleAs('olivia@sandbox.test', { dataDir: olivia.dataDir });
  const reloaded = (await again.moderation.inbox(again.account)).reports;
  expect(reloaded.find((candidate) => candidate.id === harassment.id)?.status).toBe('reviewed');
  expect(reloaded.filter((candidate) => candidate.id !== harassment.id).every((candidate) => candidate.status === 'new')).toBe(true);

  await again.moderation.markReviewed(again.account, [harassment.id], false);
  expect((await again.moderation.inbox(again.account)).reports.find((candidate) => candidate.id === harassment.id)?.status).toBe('new');
});

test('a topic the server could not mark read is marked when the inbox next loads', async () => {
  let cut = true;
  const olivia = await consoleAs('olivia@sandbox.test', { offline: (request) => cut && request === 'POST /mark_topic_as_read' });
  const other = (await olivia.moderation.inbox(olivia.account)).reports.find((candidate) => candidate.reportType === 'other' && candidate.where?.kind === 'group_dm');
  if (!other) throw new Error('no group DM report');
  const unread = async () => {
    const { value } = await (await client('olivia@sandbox.test')).call(getMessages, { anchor: other.id, num_before: 0, num_after: 0, narrow: [{ operator: 'id', operand: other.id }] });
    return !(value.messages[0]?.flags ?? []).includes('read');
  };
  expect(await unread()).toBe(true);
  // The review is the console's own: it is saved even though the server cannot be told.
  await expect(olivia.moderation.markReviewed(olivia.account, [other.id], true)).resolves.toBeNull();
  expect((await olivia.moderation.inbox(olivia.account)).reports.find((candidate) => candidate.id === other.id)?.status).toBe('reviewed');
  expect(await unread()).toBe(true);
  cut = false;
  await olivia.moderation.inbox(olivia.account);
  for (let tries = 0; (await unread()) && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await unread()).toBe(false);
  const reads = olivia.requests.filter((request) => request === 'POST /mark_topic_as_read').length;
  await olivia.moderation.inbox(olivia.account);
  await new Promise((resolve) => setTimeout(resolve, 100));
  // Synced once: no more requests.
  expect(olivia.requests.filter((request) => request === 'POST /mark_topic_as_read')).toHaveLength(reads);
});

test('a report that is not in the inbox is refused, and nothing is marked', async () => {
  const olivia = await consoleAs('olivia@sandbox.test');
  const first = (await olivia.moderation.inbox(olivia.account)).reports[0];
  await expect(olivia.moderation.markReviewed(olivia.account, [first?.id ?? -1, 999_999], true)).rejects.toMatchObject({ code: 'REPORT_NOT_FOUND', extra: { reportIds: [999_999] } });
  expect((await olivia.moderation.inbox(olivia.account)).reports[0]?.status).toBe('new');
});

test('a deleted report leaves the inbox', async () => {
  const olivia = await consoleAs('olivia@sandbox.test');
  const general = await newest('mark@sandbox.test', [{ operator: 'channel', operand: 'general' }, { operator: 'topic', operand: 'lunch plans' }]);
  await report('mark@sandbox.test', { message_id: general.id, report_type: 'other', description: 'to be deleted' });
  const created = await eventually(() => olivia.pushes.find((push) => push.kind === 'moderation.report'), 'the report');
  const reportId = created.kind === 'moderation.report' ? created.reportId : -1;
  expect((await olivia.moderation.inbox(olivia.account)).reports.some((candidate) => candidate.id === reportId)).toBe(true);
  await (await client('olivia@sandbox.test')).call(deleteMessage, { message_id: reportId });
  await eventually(() => olivia.sessions.get(olivia.account).state?.reportIds?.has(reportId) === false, 'the deletion');
  expect((await olivia.moderation.inbox(olivia.account)).reports.some((candidate) => candidate.id === reportId)).toBe(false);
});

test('the reported channel message in context: five messages either side, rendered, the reported one marked', async () => {
  const olivia = await consoleAs('olivia@sandbox.test');
  const harassment = (await olivia.moderation.inbox(olivia.account)).reports.find((candidate) => candidate.reportType === 'harassment');
  const context = await olivia.moderation.context(olivia.account, harassment?.id ?? -1);
  expect(context.available).toBe(true);
  expect(context.explanation).toBeNull();
  const reported = context.messages.filter((message) => message.isReported);
  expect(reported).toEqual([expect.objectContaining({ id: harassment?.reportedMessageId, html: '<p>Nobody wants to eat with you people.</p>', senderName: harassment?.reportedUser?.name })]);
  expect(context.messages.length).toBeGreaterThan(1);
  expect(context.messages.length).toBeLessThanOrEqual(11);
});

test('a message in a public channel the user is not subscribed to is shown in context', async () => {
  const olivia = await consoleAs('olivia@sandbox.test');
  const review = await newest('mark@sandbox.test', [{ operator: 'channel', operand: 'engineering' }, { operator: 'topic', operand: 'code review' }]);
  await report('mark@sandbox.test', { message_id: review.id, report_type: 'spam' });
  const arrived = await eventually(() => olivia.pushes.find((push) => push.kind === 'moderation.report'), 'the report');
  const context = await olivia.moderation.context(olivia.account, arrived.kind === 'moderation.report' ? arrived.reportId : -1);
  expect(context.available).toBe(true);
  expect(context.messages.find((message) => message.isReported)).toMatchObject({ id: review.id, html: '<p>Could someone review the queue refactor?</p>' });
});

test('a DM between others cannot be shown, and the explanation says why', async () => {
  const olivia = await consoleAs('olivia@sandbox.test');
  const spam = (await olivia.moderation.inbox(olivia.account)).reports.find((candidate) => candidate.reportType === 'spam' && candidate.where?.kind === 'dm');
  const context = await olivia.moderation.context(olivia.account, spam?.id ?? -1);
  expect(context).toEqual({ available: false, explanation: expect.stringContaining('a direct message between Mark Member and Gina Guest'), deleted: false, messages: [] });
  expect(context.explanation).toMatch(/Only the people in a conversation can read/);
});

test('a moderator in the group DM sees it in context, found by its text', async () => {
  const mona = await consoleAs('mona@sandbox.test');
  const other = (await mona.moderation.inbox(mona.account)).reports.find((candidate) => candidate.reportType === 'other' && candidate.where?.kind === 'group_dm');
  const context = await mona.moderation.context(mona.account, other?.id ?? -1);
  expect(context.available).toBe(true);
  expect(context.messages.find((message) => message.isReported)).toMatchObject({ html: '<p>You are all idiots.</p>', senderName: 'Gina Guest' });
});

test('a message in a private channel the user is not in is explained', async () => {
  const budget = await newest('adam@sandbox.test', [{ operator: 'channel', operand: 'leadership' }]);
  await report('adam@sandbox.test', { message_id: budget.id, report_type: 'other', description: 'Testing the private channel case.' });
  const mona = await consoleAs('mona@sandbox.test');
  const found = (await mona.moderation.inbox(mona.account)).reports.find((candidate) => candidate.notes === 'Testing the private channel case.');
  expect(found?.where).toMatchObject({ kind: 'channel', channelName: 'leadership' });
  const context = await mona.moderation.context(mona.account, found?.id ?? -1);
  expect(context.available).toBe(false);
  expect(context.explanation).toMatch(/#leadership|a channel you cannot see/);
});

test('a realm without a moderation request channel has no inbox', async () => {
  const olivia = await consoleAs('olivia@sandbox.test', { url: empty.url });
  expect(await olivia.moderation.inbox(olivia.account)).toEqual({ channel: null, readable: false, reports: [] });
  await expect(olivia.moderation.markReviewed(olivia.account, [1], true)).rejects.toMatchObject({ code: 'REPORTING_OFF' });
});
