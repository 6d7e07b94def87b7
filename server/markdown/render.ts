// Renders Markdown to HTML the way the service does for messages, descriptions and welcome texts:
// markdown-it with raw HTML off, links made clickable and single newlines kept, plus the service's own
// syntax: mentions and channel links (mentions.ts) and quote and spoiler blocks (fences.ts).
import MarkdownIt from 'markdown-it';
import { specialFences } from './fences';
import type { MarkdownLookups } from './lookups';
import { emptyMentions, mentionsAndLinks, type MentionsFound, type RenderEnv } from './mentions';

const md = new MarkdownIt({ html: false, linkify: true, breaks: true });
md.use(specialFences);
md.use(mentionsAndLinks);

export interface RenderedMessage {
  html: string;
  mentions: MentionsFound;
}

/**
 * Markdown to HTML. Without lookups, mentions of people and links to channels stay as written
 * (descriptions); with them (messages), they become the service's mention spans and channel links.
 */
export function renderMarkdown(source: string, lookups?: MarkdownLookups): string {
  return renderMessage(source, lookups).html;
}

/** HTML and whom it mentions, for a message's flags. */
export function renderMessage(source: string, lookups?: MarkdownLookups): RenderedMessage {
  const env: RenderEnv = { lookups, mentions: emptyMentions() };
  // upstream stores rendered content without the trailing newline.
  const html = md.render(source, env).trimEnd();
  return { html, mentions: env.mentions };
}
