// Message HTML from a realm's server, made safe to show: DOMPurify (a maintained, widely audited
// sanitizer) with a small allow-list on top of its defaults. Only text formatting, lists, quotes,
// code, tables and links survive: no scripts, styles, forms, images, frames, SVG or MathML, no event
// handlers, no ids (DOM clobbering), and links only to http(s) and mailto, opened outside the app.
// The result is a DOM fragment, inserted as nodes: it is never serialized and parsed again, which is
// where mutation XSS hides.
import DOMPurify, { type Config } from 'dompurify';

const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'div', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'sub', 'sup', 'time',
  'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'table', 'thead', 'tbody', 'tr', 'th', 'td',
];

/**
 * The classes upstream's Markdown uses that our stylesheet draws (mentions, channel links, code,
 * spoilers). Any other class is dropped, so a message cannot borrow the console's own classes to
 * dress itself up as part of the interface.
 */
const ALLOWED_CLASSES = new Set([
  'user-mention', 'user-group-mention', 'silent', 'stream', 'stream-topic', 'codehilite',
  'spoiler-block', 'spoiler-header', 'spoiler-content', 'message_inline_image', 'message_embed',
]);

const SAFE_URL = /^(?:https?|mailto):/i;

const CONFIG: Config & { RETURN_DOM_FRAGMENT: true } = {
  ALLOWED_TAGS,
  ALLOWED_ATTR: ['href', 'title', 'class'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP: SAFE_URL,
  RETURN_DOM_FRAGMENT: true,
};

const purify = DOMPurify(window);

/** The base the relative links of the HTML being sanitized resolve against (set for one call). */
let linkBase: string | null = null;

purify.addHook('uponSanitizeAttribute', (_node, data) => {
  if (data.attrName === 'class') {
    const kept = data.attrValue.split(/\s+/).filter((name) => ALLOWED_CLASSES.has(name));
    if (kept.length === 0) data.keepAttr = false;
    else data.attrValue = kept.join(' ');
  } else if (data.attrName === 'href') {
    // Upstream renders uploads and narrows as relative links: they belong to the realm, not to us.
    data.attrValue = absoluteUrl(data.attrValue, linkBase) ?? '';
    if (!SAFE_URL.test(data.attrValue)) data.keepAttr = false;
  }
});

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A' && node instanceof Element && node.hasAttribute('href')) {
    // A new window is what the Electron shell turns into "open in the system browser?" (and a new
    // tab in browser mode), so a click never navigates the console itself away.
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

function absoluteUrl(href: string, base: string | null): string | null {
  try {
    return base ? new URL(href.trim(), base).href : new URL(href.trim()).href;
  } catch {
    return null;
  }
}

/**
 * The message HTML with everything outside the allow-list removed, as a fragment (of DOMPurify's
 * inert document: inserting it adopts the nodes into this one).
 * `realmUrl` resolves the realm's relative links (uploads, narrows) to its own address.
 */
export function sanitizeMessageHtml(html: string, realmUrl: string | null = null): DocumentFragment {
  linkBase = realmUrl;
  let fragment: DocumentFragment;
  try {
    fragment = purify.sanitize(html, CONFIG);
  } finally {
    linkBase = null;
  }
  // A link around an image lost its image: give it words, so it is not an invisible target.
  for (const link of fragment.querySelectorAll('a')) {
    if (link.textContent?.trim()) continue;
    const href = link.getAttribute('href');
    link.textContent = href ? `[${fileName(href)}]` : '[image]';
  }
  return fragment;
}

function fileName(href: string): string {
  try {
    const name = new URL(href).pathname.split('/').filter(Boolean).pop();
    return name ? decodeURIComponent(name) : 'link';
  } catch {
    return 'link';
  }
}
