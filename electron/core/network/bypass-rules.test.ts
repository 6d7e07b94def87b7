// The bypass list means what Chromium's proxyBypassRules means, so a list works the same in the app
// (Electron applies it) and in browser mode (undici, through these rules).
import { describe, expect, test } from 'vitest';
import { bypasses, parseBypassList } from './bypass-rules';

const goesAround = (list: string, url: string) => bypasses(parseBypassList(list), new URL(url));

describe('the bypass list', () => {
  test('a host is that host only', () => {
    expect(goesAround('example.com', 'https://example.com')).toBe(true);
    expect(goesAround('example.com', 'https://chat.example.com')).toBe(false);
  });

  test('*.example.com and .example.com are its subdomains', () => {
    for (const list of ['*.example.com', '.example.com']) {
      expect(goesAround(list, 'https://chat.example.com')).toBe(true);
      expect(goesAround(list, 'https://a.b.example.com')).toBe(true);
      expect(goesAround(list, 'https://notexample.com')).toBe(false);
    }
  });

  test('a port narrows an entry to it', () => {
    expect(goesAround('chat.example.com:8443', 'https://chat.example.com:8443')).toBe(true);
    expect(goesAround('chat.example.com:8443', 'https://chat.example.com')).toBe(false);
    expect(goesAround('chat.example.com:443', 'https://chat.example.com')).toBe(true);
  });

  test('addresses and ranges, IPv4 and IPv6', () => {
    expect(goesAround('10.0.0.0/8', 'http://10.1.2.3:9991')).toBe(true);
    expect(goesAround('10.0.0.0/8', 'http://11.1.2.3')).toBe(false);
    expect(goesAround('192.168.1.20', 'https://192.168.1.20')).toBe(true);
    expect(goesAround('fd00::/8', 'https://[fd12::1]')).toBe(true);
    expect(goesAround('10.0.0.0/8', 'https://ten.example.com')).toBe(false);
  });

  test('<local> is a name without a dot; * is everything', () => {
    expect(goesAround('<local>', 'https://intranet')).toBe(true);
    expect(goesAround('<local>', 'https://intranet.example.com')).toBe(false);
    expect(goesAround('*', 'https://anything.example')).toBe(true);
  });

  test('this computer never uses the proxy, unless <-loopback> says so', () => {
    expect(goesAround('', 'http://127.0.0.1:9991')).toBe(true);
    expect(goesAround('', 'http://localhost:9991')).toBe(true);
    expect(goesAround('<-loopback>', 'http://127.0.0.1:9991')).toBe(false);
    expect(goesAround('<-loopback>, 127.0.0.1:9991', 'http://127.0.0.1:9991')).toBe(true);
  });

  test('entries are separated by commas, semicolons, spaces or lines, and tidied one a line', () => {
    expect(parseBypassList(' a.example.com,b.example.com;\n\n10.0.0.0/8  <local> ').text).toBe('a.example.com\nb.example.com\n10.0.0.0/8\n<local>');
  });

  test.each([
    ['exa mple', 'exa'],
    ['http://', 'http://'],
    ['10.0.0.0/33', '10.0.0.0/33'],
    ['host:99999', 'host:99999'],
    ['bad_[host', 'bad_[host'],
  ])('%j is refused, naming the entry', (list, entry) => {
    const refusal = (() => {
      try {
        parseBypassList(list);
      } catch (error) {
        return error as { code: string; message: string; extra: unknown };
      }
      return null;
    })();
    if (entry === 'exa') {
      // A space separates entries: "exa" and "mple" are two fine host names.
      expect(refusal).toBeNull();
      return;
    }
    expect(refusal).toMatchObject({ code: 'INVALID_INPUT', extra: { field: 'bypass' } });
    expect(refusal?.message).toContain(`"${entry}"`);
  });
});
