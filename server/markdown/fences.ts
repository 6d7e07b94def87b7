// The service's special fenced blocks: ```quote (a blockquote) and ```spoiler Header (a collapsed
// block with a header), whose content is Markdown again. Moderation reports use both
// (https://zulip.com/api/report-message). HTML as upstream's
// https://github.com/zulip/zulip/blob/main/zerver/lib/markdown/fenced_code.py.
import type { MarkdownIt, StateBlock, Token } from 'markdown-it';

const BACKTICK = 0x60;
const TILDE = 0x7e;

/** upstream: the fence's language picks the handler; `quoted` is an alias of `quote`. */
const SPECIAL = /^(quote|quoted|spoiler)(?:[ \t]+(.*))?$/i;

export function specialFences(md: MarkdownIt): void {
  md.block.ruler.before('fence', 'special_fence', specialFence, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.renderer.rules.spoiler_open = () => '<div class="spoiler-block"><div class="spoiler-header">\n';
  md.renderer.rules.spoiler_content = () => '</div><div class="spoiler-content" aria-hidden="true">\n';
  md.renderer.rules.spoiler_close = () => '</div></div>\n';
}

interface FenceLine {
  marker: number;
  length: number;
  /** What follows the fence characters, trimmed. */
  info: string;
}

function fenceAt(state: StateBlock, line: number): FenceLine | null {
  if (state.sCount[line]! - state.blkIndent >= 4) return null;
  const start = state.bMarks[line]! + state.tShift[line]!;
  const max = state.eMarks[line]!;
  const marker = state.src.charCodeAt(start);
  if (marker !== BACKTICK && marker !== TILDE) return null;
  const end = state.skipChars(start, marker);
  if (end - start < 3) return null;
  return { marker, length: end - start, info: state.src.slice(end, max).trim() };
}

function specialFence(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const open = fenceAt(state, startLine);
  if (!open) return false;
  const special = SPECIAL.exec(open.info);
  if (!special) return false;
  if (silent) return true;

  // Nested fences (a code block inside a quote) are skipped, so their closing line does not end ours.
  const depth = [open.length];
  let nextLine = startLine;
  let closed = false;
  while (++nextLine < endLine) {
    const start = state.bMarks[nextLine]! + state.tShift[nextLine]!;
    if (start < state.eMarks[nextLine]! && state.sCount[nextLine]! < state.blkIndent) break;
    const fence = fenceAt(state, nextLine);
    if (!fence || fence.marker !== open.marker) continue;
    if (fence.info === '') {
      if (fence.length >= depth[depth.length - 1]!) depth.pop();
      if (depth.length === 0) {
        closed = true;
        break;
      }
    } else {
      depth.push(fence.length);
    }
  }

  const kind = special[1]!.toLowerCase();
  const oldParent = state.parentType;
  const oldLineMax = state.lineMax;
  state.parentType = 'blockquote';
  // Lazy continuation lines must not run past our closing fence.
  state.lineMax = nextLine;
  if (kind === 'spoiler') {
    block(state.push('spoiler_open', 'div', 1), startLine, nextLine);
    const header = (special[2] ?? '').trim();
    if (header) paragraph(state, header, startLine);
    block(state.push('spoiler_content', 'div', 0), startLine, nextLine);
    state.md.block.tokenize(state, startLine + 1, nextLine);
    block(state.push('spoiler_close', 'div', -1), startLine, nextLine);
  } else {
    block(state.push('blockquote_open', 'blockquote', 1), startLine, nextLine);
    state.md.block.tokenize(state, startLine + 1, nextLine);
    block(state.push('blockquote_close', 'blockquote', -1), startLine, nextLine);
  }
  state.parentType = oldParent;
  state.lineMax = oldLineMax;
  state.line = nextLine + (closed ? 1 : 0);
  return true;
}

function block(token: Token, startLine: number, endLine: number): void {
  token.block = true;
  token.map = [startLine, endLine];
}

/** The spoiler's header is inline Markdown in a paragraph of its own, as upstream renders it. */
function paragraph(state: StateBlock, content: string, line: number): void {
  block(state.push('paragraph_open', 'p', 1), line, line + 1);
  const inline = state.push('inline', '', 0);
  inline.content = content;
  inline.map = [line, line + 1];
  inline.children = [];
  block(state.push('paragraph_close', 'p', -1), line, line + 1);
}
