// The service's inline syntax for people and places: user mentions (`@**Full Name**`,
// `@**Full Name|id**`, silent `@_**…**`), wildcard mentions (`@**all**`, `@**topic**`, …), and links to
// channels (`#**channel**`), topics (`#**channel>topic**`) and messages (`#**channel>topic@id**`).
// HTML as upstream's zerver/lib/markdown (UserMentionPattern, StreamPattern, StreamTopicPattern,
// StreamTopicMessagePattern). Syntax that names nobody known is left alone, so `**…**` stays bold.
import type { MarkdownIt, StateInline } from 'markdown-it';
import { narrowHash } from '../lib/narrow-url';
import { DEFAULT_EMPTY_TOPIC_DISPLAY_NAME, type MarkdownLookups } from './lookups';

/** What a rendering mentions, for the message's `mentioned` and wildcard flags. */
export interface MentionsFound {
  /** Users mentioned loudly (silent mentions and deactivated users do not count). */
  userIds: Set<number>;
  streamWildcard: boolean;
  topicWildcard: boolean;
}

// A type, not an interface, so it fits markdown-it's `env` (a record).
export type RenderEnv = {
  lookups?: MarkdownLookups;
  mentions: MentionsFound;
};

export const emptyMentions = (): MentionsFound => ({ userIds: new Set(), streamWildcard: false, topicWildcard: false });

// upstream MENTIONS_RE and STREAM_LINK_REGEX: what may come right before the syntax.
const BEFORE_MENTION = /[\s'"({[/<]/;
const BEFORE_LINK = /[\s'"(,:<]/;
const STREAM_WILDCARDS = ['all', 'everyone', 'stream', 'channel'];
const TOPIC_WILDCARD = 'topic';

export function mentionsAndLinks(md: MarkdownIt): void {
  // Before emphasis, which would otherwise take the `**` for bold.
  md.inline.ruler.before('emphasis', 'user_mention', userMention);
  md.inline.ruler.before('emphasis', 'channel_link', channelLink);
}

function precededBy(state: StateInline, allowed: RegExp): boolean {
  const previous = state.src[state.pos - 1];
  return previous === undefined || allowed.test(previous);
}

type Mention =
  | { kind: 'user'; id: number; name: string; silent: boolean }
  | { kind: 'stream_wildcard'; name: string; silent: boolean }
  | { kind: 'topic_wildcard'; silent: boolean };

function resolveMention(body: string, silent: boolean, lookups: MarkdownLookups | undefined): Mention | null {
  if (STREAM_WILDCARDS.includes(body)) return { kind: 'stream_wildcard', name: body, silent };
  if (body === TOPIC_WILDCARD) return { kind: 'topic_wildcard', silent };
  if (!lookups) return null;
  const withId = /^(.+)?\|(\d+)$/.exec(body);
  const user = withId ? lookups.userById(Number(withId[2])) : lookups.userByName(body);
  if (!user) return null;
  // upstream: @**name|id** must name the user with that ID.
  if (withId?.[1] !== undefined && withId[1] !== user.full_name) return null;
  // upstream renders mentions of deactivated users silently.
  return { kind: 'user', id: user.id, name: user.full_name, silent: silent || !user.is_active };
}

function userMention(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x40 /* @ */ || !precededBy(state, BEFORE_MENTION)) return false;
  const match = /^@(_?)\*\*([^*]+)\*\*/.exec(state.src.slice(state.pos, state.posMax));
  if (!match) return false;
  const env = state.env as RenderEnv;
  const mention = resolveMention(match[2]!, match[1] === '_', env.lookups);
  if (!mention) return false;
  if (!silent) {
    const classes = mention.kind === 'topic_wildcard' ? 'topic-mention' : 'user-mention';
    const open = state.push('mention_open', 'span', 1);
    open.attrSet('class', mention.silent ? `${classes} silent` : classes);
    if (mention.kind !== 'topic_wildcard') open.attrSet('data-user-id', mention.kind === 'user' ? String(mention.id) : '*');
    const name = mention.kind === 'topic_wildcard' ? TOPIC_WILDCARD : mention.name;
    state.push('text', '', 0).content = mention.silent ? name : `@${name}`;
    state.push('mention_close', 'span', -1);
    if (!mention.silent) {
      if (mention.kind === 'user') env.mentions.userIds.add(mention.id);
      else if (mention.kind === 'stream_wildcard') env.mentions.streamWildcard = true;
      else env.mentions.topicWildcard = true;
    }
  }
  state.pos += match[0].length;
  return true;
}

function channelLink(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x23 /* # */ || !precededBy(state, BEFORE_LINK)) return false;
  const rest = state.src.slice(state.pos, state.posMax);
  // The most specific form first: a message link is also a topic link whose topic ends in @digits.
  const match =
    /^#\*\*([^*>]+)>([^*]*)@(\d+)\*\*/.exec(rest) ?? /^#\*\*([^*>]+)>([^*]*)\*\*/.exec(rest) ?? /^#\*\*([^*]+)\*\*/.exec(rest);
  if (!match) return false;
  const env = state.env as RenderEnv;
  const channel = env.lookups?.channelByName(match[1]!);
  if (!channel) return false;
  if (!silent) {
    const [, , topic, messageId] = match;
    const href = `/${narrowHash(channel, topic, messageId)}`;
    const open = state.push('link_open', 'a', 1);
    if (messageId !== undefined) {
      open.attrSet('class', 'message-link');
    } else {
      open.attrSet('class', topic === undefined ? 'stream' : 'stream-topic');
      open.attrSet('data-stream-id', String(channel.id));
    }
    open.attrSet('href', href);
    pushLinkText(state, channel.name, topic, messageId !== undefined, env.lookups?.emptyTopicDisplayName() ?? DEFAULT_EMPTY_TOPIC_DISPLAY_NAME);
    state.push('link_close', 'a', -1);
  }
  state.pos += match[0].length;
  return true;
}

/** `#channel`, `#channel > topic`, `#channel > topic @ 💬`; the empty topic in italics by its display name. */
function pushLinkText(state: StateInline, channel: string, topic: string | undefined, isMessage: boolean, emptyTopicName: string): void {
  const text = (content: string) => {
    state.push('text', '', 0).content = content;
  };
  if (topic === undefined) return text(`#${channel}`);
  if (topic === '') {
    text(`#${channel} > `);
    state.push('em_open', 'em', 1);
    text(emptyTopicName);
    state.push('em_close', 'em', -1);
    if (isMessage) text(' @ 💬');
    return;
  }
  text(`#${channel} > ${topic}${isMessage ? ' @ 💬' : ''}`);
}
