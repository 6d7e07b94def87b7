// spec 16 POST /messages/{message_id}/report over HTTP: the notification bot's message in the
// moderation channel, word for word as upstream writes it (checked against literal text here, not
// against report-template.ts), and the errors.
import { beforeAll, describe, expect, test } from 'vitest';
import { reportMessage } from '../../shared/api';
import type { ApiClient } from '../testing/harness';
import { error } from '../testing/replies';
import { demoServerForFile, testServerForFile } from '../testing/server-per-file';
import { fetchMessages, send } from '../testing/message-requests';

const { clients, ids } = demoServerForFile();
let olivia: ApiClient, mona: ApiClient, mark: ApiClient, gina: ApiClient;
const id = ids.person;
beforeAll(() => {
  ({ olivia, mona, mark, gina } = clients);
});

/** The newest report in the moderation channel, as Olivia (a subscriber) reads it back. */
async function latestReport() {
  const fetched = await fetchMessages(olivia, { anchor: 'newest', num_before: 1, num_after: 0, narrow: [['channel', 'moderation']], apply_markdown: false });
  const message = fetched.messages[0];
  if (!message) throw new Error('no report');
  return message;
}

async function report(client: ApiClient, messageId: number, params: Record<string, unknown>) {
  const response = await client.post(`/messages/${messageId}/report`, params);
  reportMessage.reply.parse(response.body);
}

describe('the report message', () => {
  test('a reported DM: upstream’s template, from the notification bot, in the reported user’s topic', async () => {
    const dm = await send(gina, { type: 'direct', to: [id.mark], content: 'Send me your password' });
    await report(mark, dm, { report_type: 'spam', description: 'Phishing, I think.' });
    const posted = await latestReport();
    expect(posted).toMatchObject({ sender_email: 'notify-bot@sandbox.test', subject: "Gina Guest's moderation requests", content_type: 'text/x-markdown' });
    expect(posted.content).toBe(
      [
        `@_**Mark Member|${id.mark}** reported a DM sent by @_**Gina Guest|${id.gina}**.`,
        '- Reason: **spam**',
        '- Notes:',
        '```quote',
        'Phishing, I think.',
        '```',
        `\`\`\` spoiler **Message sent by @_**Gina Guest|${id.gina}****`,
        'Send me your password',
        '```',
      ].join('\n'),
    );
  });

  test('a reported group DM lists every participant, the last after "and"', async () => {
    const dm = await send(gina, { type: 'direct', to: [id.mark, id.mona], content: 'You are all wrong' });
    await report(mona, dm, { report_type: 'harassment', description: 'Rude.' });
    const mentions = [
      [id.mona, 'Mona Moderator'],
      [id.mark, 'Mark Member'],
      [id.gina, 'Gina Guest'],
    ]
      .sort((a, b) => Number(a[0]) - Number(b[0]))
      .map(([userIdNumber, name]) => `@_**${name}|${userIdNumber}**`);
    expect((await latestReport()).content).toBe(
      [
        `@_**Mona Moderator|${id.mona}** reported a DM sent by @_**Gina Guest|${id.gina}** to ${mentions.slice(0, 2).join(', ')}, and ${mentions[2]}.`,
        '- Reason: **harassment**',
        '- Notes:',
        '```quote',
        'Rude.',
        '```',
        `\`\`\` spoiler **Message sent by @_**Gina Guest|${id.gina}****`,
        'You are all wrong',
        '```',
      ].join('\n'),
    );
  });

  test('a reported channel message links to it; without a description the notes are empty', async () => {
    const rude = await send(gina, { type: 'channel', to: 'general', topic: 'lunch plans', content: 'Nobody likes noodles' });
    await report(mark, rude, { report_type: 'norms' });
    expect((await latestReport()).content).toBe(
      [
        `@_**Mark Member|${id.mark}** reported #**general>lunch plans@${rude}** sent by @_**Gina Guest|${id.gina}**.`,
        '- Reason: **norms**',
        '- Notes:',
        '```quote',
        '',
        '```',
        `\`\`\` spoiler **Message sent by @_**Gina Guest|${id.gina}****`,
        'Nobody likes noodles',
        '```',
      ].join('\n'),
    );
  });

  test('reported content holding a fence is wrapped in a longer one', async () => {
    const code = await send(gina, { type: 'channel', to: 'general', topic: 'code', content: '```\nrm -rf /\n```' });
    await report(mark, code, { report_type: 'inappropriate' });
    expect((await latestReport()).content.endsWith(`\`\`\`\` spoiler **Message sent by @_**Gina Guest|${id.gina}****\n\`\`\`\nrm -rf /\n\`\`\`\n\`\`\`\``)).toBe(
      true,
    );
  });

  test('the report renders with silent mentions, a quote and a spoiler', async () => {
    const dm = await send(gina, { type: 'direct', to: [id.mark], content: 'Buy now' });
    await report(mark, dm, { report_type: 'other', description: 'Ads again' });
    const fetched = await fetchMessages(olivia, { anchor: 'newest', num_before: 1, num_after: 0, narrow: [['channel', 'moderation']] });
    const html = fetched.messages[0]?.content ?? '';
    expect(html).toContain(`<span class="user-mention silent" data-user-id="${id.mark}">Mark Member</span>`);
    expect(html).toContain('<blockquote>\n<p>Ads again</p>\n</blockquote>');
    expect(html).toContain('<div class="spoiler-block"><div class="spoiler-header">');
    expect(html).toContain('<div class="spoiler-content" aria-hidden="true">\n<p>Buy now</p>\n</div></div>');
  });

  test('a public channel message may be reported by someone not subscribed to it', async () => {
    const engineering = await fetchMessages(mona, { anchor: 'newest', num_before: 1, num_after: 0, narrow: [['channel', 'engineering']] });
    const target = engineering.messages[0]?.id ?? 0;
    expect((await mona.post(`/messages/${target}/report`, { report_type: 'spam' })).body).toMatchObject({ result: 'success' });
  });
});

describe('errors', () => {
  test('"other" needs an explanation', async () => {
    const dm = await send(gina, { type: 'direct', to: [id.mark], content: 'hmm' });
    expect((await mark.post(`/messages/${dm}/report`, { report_type: 'other' })).body).toEqual(error('An explanation is required.'));
  });

  test('a description of 1001 characters is refused; 1000 is fine', async () => {
    const dm = await send(gina, { type: 'direct', to: [id.mark], content: 'long story' });
    const tooLong = await mark.post(`/messages/${dm}/report`, { report_type: 'spam', description: 'd'.repeat(1001) });
    expect(tooLong.body).toEqual(error('description is too long (limit: 1000 characters)'));
    expect((await mark.post(`/messages/${dm}/report`, { report_type: 'spam', description: 'd'.repeat(1000) })).body).toMatchObject({ result: 'success' });
  });

  test('an unknown report type is refused', async () => {
    const dm = await send(gina, { type: 'direct', to: [id.mark], content: 'x' });
    expect((await mark.post(`/messages/${dm}/report`, { report_type: 'boring' })).body).toEqual(error('Invalid report_type'));
  });

  test('a message the user cannot see is "Invalid message(s)"', async () => {
    const secret = await send(olivia, { type: 'channel', to: 'leadership', topic: 'budget', content: 'numbers' });
    expect((await mark.post(`/messages/${secret}/report`, { report_type: 'spam' })).body).toEqual(error('Invalid message(s)'));
  });

  test('a direct message between others is "Invalid message(s)"', async () => {
    const dm = await send(olivia, { type: 'direct', to: [ids.user['adam@sandbox.test']], content: 'private' });
    expect((await gina.post(`/messages/${dm}/report`, { report_type: 'spam' })).body).toEqual(error('Invalid message(s)'));
  });

  test('a message that does not exist is "Invalid message(s)"', async () => {
    expect((await mark.post('/messages/999999/report', { report_type: 'spam' })).body).toEqual(error('Invalid message(s)'));
  });

  test('the moderation channel keeps its messages from members', async () => {
    const fetched = await fetchMessages(mark, { anchor: 'newest', num_before: 10, num_after: 0, narrow: [['channel', 'moderation']] });
    expect(fetched.messages).toEqual([]);
  });
});

describe('an organization without a moderation request channel', () => {
  // --seed empty configures no moderation request channel
  const empty = testServerForFile({ seed: 'empty' });

  test('refuses reports', async () => {
    const owner = await empty.as('olivia@sandbox.test');
    const note = await send(owner, { type: 'direct', to: ['olivia@sandbox.test'], content: 'note to self' });
    const response = await owner.post(`/messages/${note}/report`, { report_type: 'spam' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(error('Message reporting is not enabled in this organization.'));
  });
});
