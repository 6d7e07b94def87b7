// The browser host's own pages, for a browser that may not have the console: a link used already, or
// the address opened without the link. Styled like the app by a small stylesheet of the host's own,
// served to anyone (it holds nothing but colours), since the page's policy allows no inline styles.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Where the host serves the stylesheet; outside the renderer's own paths (`/assets/…`). */
export const NOTICE_STYLESHEET_PATH = '/_host/notice.css';

export const NOTICE_STYLESHEET = readFileSync(path.join(import.meta.dirname, 'notice.css'));

/** The policy of a notice page: its stylesheet and nothing else. */
export const NOTICE_POLICY = "default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export interface Notice {
  title: string;
  /** Paragraphs of text; `backticks` mark code (a command, an address). */
  paragraphs: string[];
}

export function noticePage({ title, paragraphs }: Notice): string {
  const body = paragraphs.map((text) => `<p>${withCode(escapeHtml(text))}</p>`).join('\n    ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="color-scheme" content="light dark" />
    <title>${escapeHtml(title.replaceAll('`', ''))} · Realm Console</title>
    <link rel="stylesheet" href="${NOTICE_STYLESHEET_PATH}" />
  </head>
  <body>
  <main>
    <p class="brand">Realm Console</p>
    <h1>${withCode(escapeHtml(title))}</h1>
    ${body}
  </main>
  </body>
</html>
`;
}

/** The same words as plain text, for what is not a page (a script's request, an asset). */
export function noticeText({ title, paragraphs }: Notice): string {
  return `Realm Console: ${title}. ${paragraphs.join(' ')}\n`;
}

function withCode(escaped: string): string {
  return escaped.replace(/`([^`]+)`/g, '<code>$1</code>');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);
}
