import { describe, expect, test } from 'vitest';
import { messageLinkSyntax, reportContent, reportTopic, unusedFence, type ReportInput } from './report-template';

const mark = { id: 5, full_name: 'Mark Member' };
const gina = { id: 6, full_name: 'Gina Guest' };
const mona = { id: 4, full_name: 'Mona Moderator' };

const base: ReportInput = {
  reporter: mark,
  reportedUser: gina,
  messageId: 42,
  where: { kind: 'dm' },
  reportType: 'harassment',
  description: 'this is crime against food',
  content: 'I squeeze toothpaste from the middle',
};

describe("upstream's report template", () => {
  test('the topic is named after the reported user', () => {
    expect(reportTopic(gina)).toBe("Gina Guest's moderation requests");
  });

  test('a reported DM, with notes, reads exactly as upstream writes it', () => {
    expect(reportContent(base)).toBe(
      [
        '@_**Mark Member|5** reported a DM sent by @_**Gina Guest|6**.',
        '- Reason: **harassment**',
        '- Notes:',
        '```quote',
        'this is crime against food',
        '```',
        // The label's closing ** follows the mention's own, as upstream's format string produces.
        '``` spoiler **Message sent by @_**Gina Guest|6****',
        'I squeeze toothpaste from the middle',
        '```',
      ].join('\n'),
    );
  });

  test('a reported group DM names every participant by ID order, the last after "and"', () => {
    const content = reportContent({ ...base, where: { kind: 'group_dm', participants: [mark, gina, mona] } });
    expect(content.split('\n')[0]).toBe(
      '@_**Mark Member|5** reported a DM sent by @_**Gina Guest|6** to @_**Mona Moderator|4**, @_**Mark Member|5**, and @_**Gina Guest|6**.',
    );
  });

  test('a reported channel message links to it with the #**channel>topic@id** syntax', () => {
    const content = reportContent({ ...base, where: { kind: 'channel', channelId: 1, channelName: 'general', topic: 'lunch plans' } });
    expect(content.split('\n')[0]).toBe('@_**Mark Member|5** reported #**general>lunch plans@42** sent by @_**Gina Guest|6**.');
  });

  test('a channel name that would break the link syntax gets a Markdown link instead', () => {
    expect(messageLinkSyntax(7, 'a>b', 'x*y', 9)).toBe('[#a&gt;b > x&#42;y @ 💬](#narrow/channel/7-a.3Eb/topic/x*y/near/9)');
  });

  test('without a description the notes block is empty', () => {
    expect(reportContent({ ...base, description: '' })).toContain('- Notes:\n```quote\n\n```');
  });

  test('content holding a fence is wrapped in a longer one', () => {
    expect(unusedFence('no fences')).toBe('```');
    expect(unusedFence('```js\ncode\n```')).toBe('````');
    expect(unusedFence('`````')).toBe('``````');
    const content = reportContent({ ...base, content: '```\nrm -rf /\n```' });
    expect(content).toContain('```` spoiler **Message sent by @_**Gina Guest|6****\n```\nrm -rf /\n```\n````');
  });

  test('very long content is truncated with upstream\'s marker', () => {
    const content = reportContent({ ...base, content: 'x'.repeat(9000) });
    const body = content.split('**Message sent by @_**Gina Guest|6****\n')[1] ?? '';
    expect(body).toMatch(/\n\[message truncated\]\n```$/);
    expect(body.length).toBe(8500 + '\n```'.length);
  });

  test('content is measured in characters as upstream counts them (code points), so emoji are not cut early', () => {
    const emoji = '😀'.repeat(8500);
    const content = reportContent({ ...base, content: emoji });
    expect(content).toContain(`\n${emoji}\n\`\`\``);
    expect(content).not.toContain('[message truncated]');
    const longer = reportContent({ ...base, content: `${emoji}😀` });
    expect([...(longer.split('****\n')[1] ?? '')]).toHaveLength(8500 + '\n```'.length);
  });
});
