// A PAC file's answer read as routes: PROXY, HTTPS and DIRECT in order, SOCKS refused in words, and
// anything else said to be no answer.
import { describe, expect, test } from 'vitest';
import { parsePacAnswer } from './pac-answer';

describe('an answer', () => {
  test('is the routes in order, PROXY and HTTP as http://, HTTPS as https://', () => {
    expect(parsePacAnswer('PROXY a.example:3128; HTTPS b.example:443;DIRECT')).toEqual({
      ok: true,
      routes: [{ kind: 'proxy', url: 'http://a.example:3128' }, { kind: 'proxy', url: 'https://b.example:443' }, { kind: 'direct' }],
    });
    expect(parsePacAnswer('proxy [::1]:8080')).toEqual({ ok: true, routes: [{ kind: 'proxy', url: 'http://[::1]:8080' }] });
  });

  test('empty means DIRECT, as in Chromium', () => {
    expect(parsePacAnswer('')).toEqual({ ok: true, routes: [{ kind: 'direct' }] });
  });

  test('SOCKS proxies are skipped for the others, and refused in words when they are all there is', () => {
    expect(parsePacAnswer('SOCKS5 s.example:1080; PROXY a.example:3128')).toEqual({ ok: true, routes: [{ kind: 'proxy', url: 'http://a.example:3128' }] });
    const only = parsePacAnswer('SOCKS s.example:1080');
    expect(only).toMatchObject({ ok: false });
    expect(!only.ok && only.problem).toContain('it named only SOCKS proxies (SOCKS s.example:1080), which Realm Console cannot use outside the app');
  });

  test.each([
    [42, 'it answered a number (42) instead of text like "PROXY proxy.example.com:3128; DIRECT"'],
    [undefined, 'it answered nothing instead of text'],
    ['PROXY', '"PROXY" is not PROXY host:port, HTTPS host:port or DIRECT'],
    ['GO AWAY', '"GO AWAY" is not PROXY host:port'],
    ['PROXY a.example:3128 b.example:3128', 'is not PROXY host:port'],
    ['PROXY user:pw@a.example:3128', 'is not PROXY host:port'],
    ['DIRECT now', 'is not PROXY host:port'],
  ])('%j is not an answer', (answer, words) => {
    const parsed = parsePacAnswer(answer);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problem).toContain(words);
  });
});
