// Every report below is written out the way upstream's template produces it
// (https://github.com/zulip/zulip/blob/main/zerver/lib/message_report.py): the header, "- Reason:", "- Notes:" with its quote block, and the
// reported content in a spoiler whose fence is longer than any backtick run inside it.
import { describe, expect, test } from 'vitest';
import { parseReport, reportSummary } from './report-parser';

const mark = { id: 5, name: 'Mark Member' };
const gina = { id: 6, name: 'Gina Guest' };
const mona = { id: 4, name: 'Mona Moderator' };

const lines = (...parts: string[]) => parts.join('\n');

describe('parsing a report in upstream’s template', () => {
  test('a reported DM: reporter, reported user, reason, notes and content', () => {
    const raw = lines(
      '@_**Mark Member|5** reported a DM sent by @_**Gina Guest|6**.',
      '- Reason: **harassment**',
      '- Notes:',
      '```quote',
      'this is crime against food',
      '```',
      '``` spoiler **Message sent by @_**Gina Guest|6****',
      'I squeeze toothpaste from the middle',
      '```',
    );
    expect(parseReport(raw)).toEqual({
      parsed: true,
      raw,
      reportType: 'harassment',
      reporter: mark,
      reportedUser: gina,
      // The DM header names no message.
      reportedMessageId: null,
      where: { kind: 'dm' },
      notes: 'this is crime against food',
      content: 'I squeeze toothpaste from the middle',
      truncated: false,
    });
  });

  test('a reported group DM lists every participant, the last after "and"', () => {
    const raw = lines(
      '@_**Mona Moderator|4** reported a DM sent by @_**Gina Guest|6** to @_**Mona Moderator|4**, @_**Mark Member|5**, and @_**Gina Guest|6**.',
      '- Reason: **other**',
      '- Notes:',
      '```quote',
      'Insulting the onboarding group.',
      '```',
      '``` spoiler **Message sent by @_**Gina Guest|6****',
      'You are all idiots.',
      '```',
    );
    expect(parseReport(raw)).toMatchObject({
      parsed: true,
      reporter: mona,
      reportedUser: gina,
      reportedMessageId: null,
      where: { kind: 'group_dm', participants: [mona, mark, gina] },
      reportType: 'other',
      notes: 'Insulting the onboarding group.',
      content: 'You are all idiots.',
    });
  });

  test('a group DM of four keeps all four, in order', () => {
    const raw = lines(
      '@_**Mark Member|5** reported a DM sent by @_**Gina Guest|6** to @_**Mona Moderator|4**, @_**Mark Member|5**, @_**Gina Guest|6**, and @_**Zoë O’Brien-Smith|77**.',
      '- Reason: **spam**',
      '- Notes:',
      '```quote',
      '',
      '```',
      '``` spoiler **Message sent by @_**Gina Guest|6****',
      'hi',
      '```',
    );
    expect(parseReport(raw).where).toEqual({ kind: 'group_dm', participants: [mona, mark, gina, { id: 77, name: 'Zoë O’Brien-Smith' }] });
  });

  test('a reported channel message: #**channel>topic@id** gives the channel, topic and message ID', () => {
    const raw = lines(
      '@_**Mona Moderator|4** reported #**general>lunch plans@142** sent by @_**Kemi Varga|23**.',
      '- Reason: **harassment**',
      '- Notes:',
      '```quote',
      'Third time this week.',
      '```',
      '``` spoiler **Message sent by @_**Kemi Varga|23****',
      'Nobody wants to eat with you people.',
      '```',
    );
    expect(parseReport(raw)).toMatchObject({
      parsed: true,
      reporter: mona,
      reportedUser: { id: 23, name: 'Kemi Varga' },
      reportedMessageId: 142,
      where: { kind: 'channel', channelId: null, channelName: 'general', topic: 'lunch plans' },
      content: 'Nobody wants to eat with you people.',
    });
  });

  test('a topic holding "@", " sent by " or nothing at all is read whole', () => {
    const report = (link: string) =>
      parseReport(
        lines(
          `@_**Mark Member|5** reported ${link} sent by @_**Gina Guest|6**.`,
          '- Reason: **spam**',
          '- Notes:',
          '```quote',
          '',
          '```',
          '``` spoiler **Message sent by @_**Gina Guest|6****',
          'x',
          '```',
        ),
      );
    expect(report('#**general>mail me @ home@9**')).toMatchObject({ reportedMessageId: 9, where: { channelName: 'general', topic: 'mail me @ home' } });
    expect(report('#**general>who was sent by whom@10**')).toMatchObject({ reportedMessageId: 10, where: { topic: 'who was sent by whom' } });
    // The empty topic ("general chat").
    expect(report('#**general>@11**')).toMatchObject({ reportedMessageId: 11, where: { channelName: 'general', topic: '' } });
  });

  test('an unusual channel name uses the Markdown link fallback, with its escapes undone', () => {
    const raw = lines(
      '@_**Mark Member|5** reported [#ops &gt; alerts > x&#42;y & `z` @ 💬](#narrow/channel/7-ops-.3E-alerts/topic/x*y.20.26.20.60z.60/near/9) sent by @_**Gina Guest|6**.',
      '- Reason: **norms**',
      '- Notes:',
      '```quote',
      'Off topic.',
      '```',
      '``` spoiler **Message sent by @_**Gina Guest|6****',
      'hello',
      '```',
    );
    // topic_link_util escapes & ` > * $$ [ ]; here the topic's "&" and backticks were escaped too.
    const withEscapes = raw.replace('x&#42;y & `z`', 'x&#42;y &amp; &#96;z&#96;');
    expect(parseReport(withEscapes)).toMatchObject({
      parsed: true,
      reportedMessageId: 9,
      where: { kind: 'channel', channelId: 7, channelName: 'ops > alerts', topic: 'x*y & `z`' },
      reportType: 'norms',
    });
  });

  test('the fallback link’s other escapes: $$, brackets, and an escaped entity that stays text', () => {
    const raw = lines(
      '@_**Mark Member|5** reported [#price&#36;&#36; > &#91;draft&#93; &amp;gt; not a tag @ 💬](#narrow/channel/12-price.24.24/topic/.5Bdraft.5D.20.26gt.3B.20not.20a.20tag/near/300) sent by @_**Gina Guest|6**.',
      '- Reason: **spam**',
      '- Notes:',
      '```quote',
      '',
      '```',
      '``` spoiler **Message sent by @_**Gina Guest|6****',
      'x',
      '```',
    );
    expect(parseReport(raw).where).toEqual({ kind: 'channel', channelId: 12, channelName: 'price$$', topic: '[draft] &gt; not a tag' });
  });

  test('empty notes give an empty string', () => {
    const raw = lines(
      '@_**Mark Member|5** reported a DM sent by @_**Gina Guest|6**.',
      '- Reason: **spam**',
      '- Notes:',
      '```quote',
      '',
      '```',
      '``` spoiler **Message sent by @_**Gina Guest|6****',
      'Buy cheap followers now!!! http://spam.example',
      '```',
    );
    expect(parseReport(raw)).toMatchObject({ parsed: true, notes: '', content: 'Buy cheap followers now!!! http://spam.example' });
  });

  test('notes over several lines are kept as written', () => {
    const raw = lines(
      '@_**Mark Member|5** reported a DM sent by @_**Gina Guest|6**.',
      '- Reason: **other**',
      '- Notes:',
      '```quote',
      'First line.',
      '',
      'Third line, after a blank one.',
      '```',
      '``` spoiler **Message sent by @_**Gina Guest|6****',
      'x',
      '```',
    );
    expect(parseReport(raw).notes).toBe('First line.\n\nThird line, after a blank one.');
  });

  test('content holding a fence is wrapped in a longer fence, and read back whole', () => {
    const raw = lines(
      '@_**Mark Member|5** reported a DM sent by @_**Gina Guest|6**.',
      '- Reason: **inappropriate**',
      '- Notes:',
      '```quote',
      '',
      '```',
      '```` spoiler **Message sent by @_**Gina Guest|6****',
      'run this:',
      '```',
      'rm -rf /',
      '```',
      '````',
    );
    expect(parseReport(raw)).toMatchObject({ parsed: true, reportType: 'inappropriate', content: 'run this:\n```\nrm -rf /\n```' });
  });

  test('a fence of five inside content gets a fence of six', () => {
    const raw = lines(
      '@_**Mark Member|5** reported a DM sent by @_**Gina Guest|6**.',
      '- Reason: **spam**',
      '- Notes:',
      '```quote',
      '',
      '```',
      '`````` spoiler **Message sent by @_**Gina Guest|6****',
      '`````',
      '```` spoiler **Message sent by @_**Gina Guest|6****',
      '`````',
      '``````',
    );
    expect(parseReport(raw).content).toBe('`````\n```` spoiler **Message sent by @_**Gina Guest|6****\n`````');
  });

  test('notes that look like the spoiler do not fool the parser', () => {
    const raw = lines(
      '@_**Mark Member|5** reported a DM sent by @_**Gina Guest|6**.',
      '- Reason: **other**',
      '- Notes:',
      '```quote',
      'They wrote:',
      '```',
      '``` spoiler **Message sent by @_**Gina Guest|6****',
      'a fake',
      '```',
      '``` spoiler **Message sent by @_**Gina Guest|6****',
      'the real content',
      '```',
    );
    expect(parseReport(raw)).toMatchObject({ parsed: true, notes: 'They wrote:\n```\n``` spoiler **Message sent by @_**Gina Guest|6****\na fake', content: 'the real content' });
  });

  test('truncated content is flagged, and the marker is not part of the content', () => {
    const kept = 'x'.repeat(8500 - '\n[message truncated]'.length);
    const raw = lines(
      '@_**Mark Member|5** reported a DM sent by @_**Gina Guest|6**.',
      '- Reason: **spam**',
      '- Notes:',
      '```quote',
      '',
      '```',
      '``` spoiler **Message sent by @_**Gina Guest|6****',
      kept,
      '[message truncated]',
      '```',
    );
    expect(parseReport(raw)).toMatchObject({ parsed: true, truncated: true, content: kept });
  });

  test('empty content is read as empty', () => {
    const raw = lines(
      '@_**Mark Member|5** reported a DM sent by @_**Gina Guest|6**.',
      '- Reason: **spam**',
      '- Notes:',
      '```quote',
      '',
      '```',
      '``` spoiler **Message sent by @_**Gina Guest|6****',
      '',
      '```',
    );
    expect(parseReport(raw)).toMatchObject({ parsed: true, content: '', truncated: false });
  });

  test('names holding "|" or digits are read up to the ID', () => {
    const raw = lines(
      '@_**A|B 2|11** reported a DM sent by @_**Agent 007|12**.',
      '- Reason: **spam**',
      '- Notes:',
      '```quote',
      '',
      '```',
      '``` spoiler **Message sent by @_**Agent 007|12****',
      'x',
      '```',
    );
    expect(parseReport(raw)).toMatchObject({ reporter: { id: 11, name: 'A|B 2' }, reportedUser: { id: 12, name: 'Agent 007' } });
  });

  test('surrounding whitespace is ignored, the raw text kept as given', () => {
    const raw = lines(
      '',
      '@_**Mark Member|5** reported a DM sent by @_**Gina Guest|6**.',
      '- Reason: **spam**',
      '- Notes:',
      '```quote',
      '',
      '```',
      '``` spoiler **Message sent by @_**Gina Guest|6****',
      'x',
      '```',
      '',
    );
    expect(parseReport(raw)).toMatchObject({ parsed: true, raw, content: 'x' });
  });
});

describe('a message that does not follow the template', () => {
  const unparsed = (raw: string) => ({ parsed: false, raw, reportType: null, reporter: null, reportedUser: null, reportedMessageId: null, where: null, notes: null, content: null, truncated: false });

  test.each([
    ['a moderator’s note in the channel', 'I looked at this one, it is fine.'],
    ['an empty message', ''],
    ['only a header', '@_**Mark Member|5** reported a DM sent by @_**Gina Guest|6**.'],
    [
      'a header in other words (a translated or newer server)',
      lines('@_**Mark Member|5** reported a message sent by @_**Gina Guest|6** at <time:2025-01-01T00:00:00+00:00>.', '```quote', '**Spam**. ', '```'),
    ],
    [
      'a spoiler without its closing fence',
      lines('@_**Mark Member|5** reported a DM sent by @_**Gina Guest|6**.', '- Reason: **spam**', '- Notes:', '```quote', '', '```', '``` spoiler **Message sent by @_**Gina Guest|6****', 'x'),
    ],
    [
      'a spoiler by someone other than the reported user',
      lines('@_**Mark Member|5** reported a DM sent by @_**Gina Guest|6**.', '- Reason: **spam**', '- Notes:', '```quote', '', '```', '``` spoiler **Message sent by @_**Mark Member|5****', 'x', '```'),
    ],
    [
      'a group DM whose list is not "A, B, and C"',
      lines('@_**Mark Member|5** reported a DM sent by @_**Gina Guest|6** to @_**Mark Member|5** and @_**Gina Guest|6**.', '- Reason: **spam**', '- Notes:', '```quote', '', '```', '``` spoiler **Message sent by @_**Gina Guest|6****', 'x', '```'),
    ],
    [
      'a channel link that is neither form',
      lines('@_**Mark Member|5** reported #**general** sent by @_**Gina Guest|6**.', '- Reason: **spam**', '- Notes:', '```quote', '', '```', '``` spoiler **Message sent by @_**Gina Guest|6****', 'x', '```'),
    ],
    [
      'no notes block',
      lines('@_**Mark Member|5** reported a DM sent by @_**Gina Guest|6**.', '- Reason: **spam**', '``` spoiler **Message sent by @_**Gina Guest|6****', 'x', '```'),
    ],
  ])('%s is kept raw', (_what, raw) => {
    expect(parseReport(raw)).toEqual(unparsed(raw));
  });

  test('text that nearly matches never throws', () => {
    const samples = ['@_**', '@_**|**', '- Reason: ****', '```quote\n```', '[#a > b @ 💬](#narrow/channel/x/topic//near/)', '`'.repeat(5000), '@_**a|1** reported '.repeat(2000)];
    for (const raw of samples) expect(parseReport(raw).parsed).toBe(false);
  });
});

describe('the one-line summary', () => {
  test('names the reporter, the reported user and the reason', () => {
    const raw = lines(
      '@_**Mark Member|5** reported a DM sent by @_**Gina Guest|6**.',
      '- Reason: **spam**',
      '- Notes:',
      '```quote',
      '',
      '```',
      '``` spoiler **Message sent by @_**Gina Guest|6****',
      'x',
      '```',
    );
    expect(reportSummary(parseReport(raw))).toBe('Mark Member reported Gina Guest for spam');
  });

  test('says so when the report could not be read', () => {
    expect(reportSummary(parseReport('hello'))).toMatch(/not in the usual format/);
  });
});
