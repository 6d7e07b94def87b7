// spec 23 helpers: upstream's file-name sanitizing, and finding the uploads a rendered message links.
import { describe, expect, test } from 'vitest';
import { linkedPathIds } from './attachments';
import { contentTypeFor, sanitizeName } from './uploads';

describe('sanitizeName (upstream sanitize_name)', () => {
  test.each([
    ['report.pdf', 'report.pdf'],
    ['my  file -- final.txt', 'my-file-final.txt'],
    ['a/b\\c?.txt', 'abc.txt'],
    ['例 テスト.txt', '例-テスト.txt'],
    ['..', 'uploaded-file'],
    ['', 'uploaded-file'],
  ])('%j becomes %j', (name, sanitized) => {
    expect(sanitizeName(name)).toBe(sanitized);
  });

  test('strict mode keeps ASCII only, as for tus (upstream’s own example)', () => {
    expect(sanitizeName('some 例 thing! ... like this?', { strict: true })).toBe('some-thing-...-like-this');
  });
});

describe('contentTypeFor (upstream get_file_info)', () => {
  test('the type the client sent wins', () => {
    expect(contentTypeFor('x.pdf', 'text/plain')).toBe('text/plain');
  });

  test('without one, a guess from the name, else application/octet-stream', () => {
    expect(contentTypeFor('x.PNG', '')).toBe('image/png');
    expect(contentTypeFor('x.unknown', '')).toBe('application/octet-stream');
  });
});

describe('linkedPathIds', () => {
  const realm = 'http://127.0.0.1:9991';

  test('relative links and absolute links on this server, percent-encoding undone', () => {
    const html =
      '<p><a href="/user_uploads/1/ab/a.txt">a</a> <a href="http://127.0.0.1:9991/user_uploads/1/cd/b.pdf">b</a> <a href="/user_uploads/1/ef/%C3%A9.txt">é</a></p>';
    expect(linkedPathIds(html, realm)).toEqual(['1/ab/a.txt', '1/cd/b.pdf', '1/ef/%C3%A9.txt', '1/ef/é.txt']);
  });

  test('links elsewhere, and paths outside links, are not uploads', () => {
    const html = '<p><a href="https://example.com/user_uploads/1/ab/a.txt">x</a> <code>/user_uploads/1/cd/b.txt</code> <a href="/help">h</a></p>';
    expect(linkedPathIds(html, realm)).toEqual([]);
  });
});
