import { describe, expect, test } from 'vitest';
import { renderMarkdown, renderMessage } from './render';
import type { MarkdownLookups, MentionableUser } from './lookups';

const people: MentionableUser[] = [
  { id: 5, full_name: 'Mark Member', is_active: 1 },
  { id: 9, full_name: 'Derek Departed', is_active: 0 },
];
const channels = [
  { id: 7, name: 'general' },
  { id: 8, name: 'lunch room' },
];
const lookups: MarkdownLookups = {
  userById: (id) => people.find((user) => user.id === id),
  userByName: (name) => people.find((user) => user.full_name.toLowerCase() === name.toLowerCase()),
  channelByName: (name) => channels.find((channel) => channel.name.toLowerCase() === name.toLowerCase()),
  emptyTopicDisplayName: () => 'general chat',
};
const render = (source: string) => renderMarkdown(source, lookups);

describe('plain Markdown', () => {
  test('raw HTML is escaped, not passed through', () => {
    expect(renderMarkdown('<b>hi</b>')).toBe('<p>&lt;b&gt;hi&lt;/b&gt;</p>');
  });

  test('a single newline is a line break and URLs become links', () => {
    expect(renderMarkdown('a\nhttps://example.com')).toBe('<p>a<br>\n<a href="https://example.com">https://example.com</a></p>');
  });

  test('the existing one-argument form still renders descriptions', () => {
    expect(renderMarkdown('**Company** news')).toBe('<p><strong>Company</strong> news</p>');
  });
});

describe('user mentions', () => {
  test('@**Full Name** becomes a mention span with the user ID', () => {
    expect(render('hi @**Mark Member**')).toBe('<p>hi <span class="user-mention" data-user-id="5">@Mark Member</span></p>');
  });

  test('a mention by name is case-insensitive and shows the real name', () => {
    expect(render('@**mark member**')).toBe('<p><span class="user-mention" data-user-id="5">@Mark Member</span></p>');
  });

  test('@**Full Name|id** picks the user by ID', () => {
    expect(render('@**Mark Member|5**')).toBe('<p><span class="user-mention" data-user-id="5">@Mark Member</span></p>');
  });

  test('@**|id** needs no name', () => {
    expect(render('@**|5**')).toBe('<p><span class="user-mention" data-user-id="5">@Mark Member</span></p>');
  });

  test('a name that does not match the ID is not a mention', () => {
    expect(render('@**Someone Else|5**')).not.toContain('user-mention');
  });

  test('a silent mention has the silent class and no @', () => {
    expect(render('@_**Mark Member|5**')).toBe('<p><span class="user-mention silent" data-user-id="5">Mark Member</span></p>');
  });

  test('a mention of a deactivated user renders silently', () => {
    expect(render('@**Derek Departed|9**')).toBe('<p><span class="user-mention silent" data-user-id="9">Derek Departed</span></p>');
  });

  test('an unknown user stays as written (bold, as upstream leaves it)', () => {
    expect(render('@**Nobody Here**')).toBe('<p>@<strong>Nobody Here</strong></p>');
  });

  test('without lookups a user mention stays as written', () => {
    expect(renderMarkdown('@**Mark Member**')).toBe('<p>@<strong>Mark Member</strong></p>');
  });

  test('a mention glued to a word is not a mention', () => {
    expect(render('x@**Mark Member**')).not.toContain('user-mention');
  });

  test('a mention inside inline code stays code', () => {
    expect(render('`@**Mark Member**`')).toBe('<p><code>@**Mark Member**</code></p>');
  });

  test('loud mentions are reported for flags; silent ones are not', () => {
    expect([...renderMessage('@**Mark Member** @_**Derek Departed|9**', lookups).mentions.userIds]).toEqual([5]);
  });
});

describe('wildcard mentions', () => {
  test.each(['all', 'everyone', 'channel', 'stream'])('@**%s** mentions the whole channel', (name) => {
    const rendered = renderMessage(`@**${name}**`, lookups);
    expect(rendered.html).toBe(`<p><span class="user-mention" data-user-id="*">@${name}</span></p>`);
    expect(rendered.mentions.streamWildcard).toBe(true);
  });

  test('@**topic** mentions the topic', () => {
    const rendered = renderMessage('@**topic**', lookups);
    expect(rendered.html).toBe('<p><span class="topic-mention">@topic</span></p>');
    expect(rendered.mentions.topicWildcard).toBe(true);
  });

  test('a silent wildcard mention notifies nobody', () => {
    const rendered = renderMessage('@_**all**', lookups);
    expect(rendered.html).toBe('<p><span class="user-mention silent" data-user-id="*">all</span></p>');
    expect(rendered.mentions.streamWildcard).toBe(false);
  });
});

describe('channel, topic and message links', () => {
  test('#**channel** links to the channel', () => {
    expect(render('see #**general**')).toBe(
      '<p>see <a class="stream" data-stream-id="7" href="/#narrow/channel/7-general">#general</a></p>',
    );
  });

  test('spaces in a channel name become dashes in the link', () => {
    expect(render('#**lunch room**')).toContain('href="/#narrow/channel/8-lunch-room"');
  });

  test('#**channel>topic** links to the topic, its name hash-encoded', () => {
    expect(render('#**general>lunch plans (v2)**')).toBe(
      '<p><a class="stream-topic" data-stream-id="7" href="/#narrow/channel/7-general/topic/lunch.20plans.20.28v2.29">#general &gt; lunch plans (v2)</a></p>',
    );
  });

  test('#**channel>topic@id** links to the message', () => {
    expect(render('#**general>lunch plans@12**')).toBe(
      '<p><a class="message-link" href="/#narrow/channel/7-general/topic/lunch.20plans/near/12">#general &gt; lunch plans @ 💬</a></p>',
    );
  });

  test('a link to the empty topic shows its display name in italics', () => {
    expect(render('#**general>**')).toBe(
      '<p><a class="stream-topic" data-stream-id="7" href="/#narrow/channel/7-general/topic/">#general &gt; <em>general chat</em></a></p>',
    );
  });

  test('an unknown channel stays as written', () => {
    expect(render('#**nowhere**')).toBe('<p>#<strong>nowhere</strong></p>');
  });
});

describe('quote and spoiler blocks', () => {
  test('```quote renders a blockquote whose content is Markdown', () => {
    expect(render('```quote\nhello @**Mark Member**\n```')).toBe(
      '<blockquote>\n<p>hello <span class="user-mention" data-user-id="5">@Mark Member</span></p>\n</blockquote>',
    );
  });

  test('```spoiler renders the header and hides the content', () => {
    expect(render('```spoiler **Header** here\ncontent *x*\n```')).toBe(
      '<div class="spoiler-block"><div class="spoiler-header">\n<p><strong>Header</strong> here</p>\n' +
        '</div><div class="spoiler-content" aria-hidden="true">\n<p>content <em>x</em></p>\n</div></div>',
    );
  });

  test('a longer fence keeps a code block inside the spoiler', () => {
    expect(render('````spoiler Code\n```\nlet x;\n```\n````')).toContain('<pre><code>let x;\n</code></pre>\n</div></div>');
  });

  test('a quote followed directly by a spoiler renders both (the report template)', () => {
    const html = render('- Notes:\n```quote\nbad\n```\n``` spoiler **Message sent by @_**Mark Member|5****\nBuy now\n```');
    expect(html).toContain('<blockquote>\n<p>bad</p>\n</blockquote>');
    expect(html).toContain(
      '<p><strong>Message sent by <span class="user-mention silent" data-user-id="5">Mark Member</span></strong></p>',
    );
    expect(html).toContain('<p>Buy now</p>\n</div></div>');
  });

  test('an ordinary code fence is still code', () => {
    expect(render('```python\n@**Mark Member**\n```')).toBe('<pre><code class="language-python">@**Mark Member**\n</code></pre>');
  });
});
