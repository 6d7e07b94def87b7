// @vitest-environment jsdom
// DOMPurify's maintainers support jsdom and browsers, and say happy-dom (the other renderer tests'
// DOM) gives wrong, unsafe results (cure53/DOMPurify#1457), so the sanitizer is tested here in jsdom.
import { describe, expect, test } from 'vitest';
import { sanitizeMessageHtml } from './safe-html';

const REALM = 'https://chat.example.com';

function clean(html: string, realmUrl: string | null = REALM): string {
  const box = document.createElement('div');
  box.append(sanitizeMessageHtml(html, realmUrl));
  return box.innerHTML;
}

describe('the message HTML sanitizer', () => {
  test('keeps the formatting a message is made of', () => {
    const html =
      '<p>Hi <strong>all</strong>, <em>see</em> <code>x</code></p><blockquote><p>quoted</p></blockquote><ul><li>one</li></ul><pre><code>a &lt; b</code></pre>';
    expect(clean(html)).toBe(html);
  });

  test('removes scripts, styles and their contents', () => {
    expect(clean('<p>a<script>alert(1)</script>b</p><style>p{display:none}</style>')).toBe('<p>ab</p>');
  });

  test('removes event handlers', () => {
    expect(clean('<p onclick="alert(1)" onmouseover="alert(2)">hi</p>')).toBe('<p>hi</p>');
  });

  test('removes images, frames, forms, SVG and MathML', () => {
    const out = clean(
      '<img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name="a"></form><svg><script>alert(1)</script></svg><math><mtext>m</mtext></math><p>left</p>',
    );
    expect(out).not.toMatch(/<(img|iframe|form|input|svg|math|script)/i);
    expect(out).toContain('<p>left</p>');
  });

  test('drops javascript:, data: and vbscript: links but keeps their text', () => {
    expect(clean('<a href="javascript:alert(1)">a</a>')).toBe('<a>a</a>');
    expect(clean('<a href=" JaVaScRiPt:alert(1)">b</a>')).toBe('<a>b</a>');
    expect(clean('<a href="java&#x09;script:alert(1)">c</a>')).toBe('<a>c</a>');
    expect(clean('<a href="data:text/html,<script>alert(1)</script>">d</a>')).toBe('<a>d</a>');
    expect(clean('<a href="vbscript:msgbox(1)">e</a>')).toBe('<a>e</a>');
  });

  test('keeps http(s) and mailto links and opens them outside the console', () => {
    expect(clean('<a href="https://example.com/a?b=1">x</a>')).toBe(
      '<a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(clean('<a href="mailto:mod@example.com">mail</a>')).toContain('href="mailto:mod@example.com"');
  });

  test('resolves the realm’s relative links against its address', () => {
    expect(clean('<a href="/user_uploads/2/ab/notes.pdf">notes.pdf</a>')).toContain('href="https://chat.example.com/user_uploads/2/ab/notes.pdf"');
    expect(clean('<a href="#narrow/channel/3-general">general</a>')).toContain('href="https://chat.example.com/#narrow/channel/3-general"');
  });

  test('a relative link without a realm address is dropped, not pointed at the console', () => {
    expect(clean('<a href="/user_uploads/x.png">x</a>', null)).toBe('<a>x</a>');
  });

  test('a link that only wrapped an image gets words instead', () => {
    expect(clean('<a href="/user_uploads/2/ab/photo%201.png"><img src="/user_uploads/2/ab/photo%201.png"></a>')).toContain('>[photo 1.png]</a>');
  });

  test('removes ids, styles, data and ARIA attributes, and classes outside the allow-list', () => {
    expect(clean('<p id="root" style="position:fixed" data-x="1" aria-hidden="true" class="dialog user-mention">@Mark</p>')).toBe(
      '<p class="user-mention">@Mark</p>',
    );
    expect(clean('<span class="toast notice">x</span>')).toBe('<span>x</span>');
  });

  test('a form-clobbering name attribute does not survive', () => {
    expect(clean('<a name="location" href="https://example.com">x</a>')).not.toContain('name=');
  });

  test('mutation XSS through namespace confusion is neutralized', () => {
    const out = clean('<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img src=1 onerror=alert(1)&gt;">');
    expect(out).not.toMatch(/<img|onerror=/i);
  });

  test('text that looks like markup stays text', () => {
    expect(clean('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });

  test('gives nodes to insert, not a string to parse again', () => {
    const fragment = sanitizeMessageHtml('<p>hi</p>', REALM);
    const box = document.createElement('div');
    box.replaceChildren(fragment);
    expect(box.firstElementChild?.nodeName).toBe('P');
    expect(box.firstElementChild?.ownerDocument).toBe(document);
  });
});
