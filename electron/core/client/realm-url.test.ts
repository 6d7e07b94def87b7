import { describe, expect, test } from 'vitest';
import { normalizeRealmUrl } from './realm-url';

function refusal(input: string): string {
  try {
    normalizeRealmUrl(input);
  } catch (error) {
    expect(error).toMatchObject({ code: 'INVALID_INPUT', extra: { field: 'realmUrl' } });
    return (error as Error).message;
  }
  throw new Error(`${input} was accepted`);
}

describe('addresses that are accepted', () => {
  test('an address without a scheme gets https://', () => {
    expect(normalizeRealmUrl('chat.example.com')).toBe('https://chat.example.com');
  });

  test('localhost and 127.0.0.1 without a scheme get http://, as local servers speak plain HTTP', () => {
    expect(normalizeRealmUrl('localhost:9991')).toBe('http://localhost:9991');
    expect(normalizeRealmUrl('127.0.0.1:4000')).toBe('http://127.0.0.1:4000');
    expect(normalizeRealmUrl('[::1]:9991')).toBe('http://[::1]:9991');
  });

  test('a scheme the user typed is kept, even https:// for localhost', () => {
    expect(normalizeRealmUrl('http://chat.example.com')).toBe('http://chat.example.com');
    expect(normalizeRealmUrl('https://localhost:9991')).toBe('https://localhost:9991');
  });

  test('spaces around the address are trimmed, and the scheme and host lowercased', () => {
    expect(normalizeRealmUrl('  HTTPS://Chat.Example.COM  ')).toBe('https://chat.example.com');
  });

  test('trailing slashes, /api and /api/v1 are dropped', () => {
    expect(normalizeRealmUrl('https://chat.example.com/')).toBe('https://chat.example.com');
    expect(normalizeRealmUrl('https://chat.example.com/api')).toBe('https://chat.example.com');
    expect(normalizeRealmUrl('https://chat.example.com/api/v1//')).toBe('https://chat.example.com');
  });

  test("a pasted endpoint address keeps only the part before /api/v1", () => {
    expect(normalizeRealmUrl('https://chat.example.com/api/v1/users/me')).toBe('https://chat.example.com');
  });

  test('a query and a fragment are dropped', () => {
    expect(normalizeRealmUrl('https://chat.example.com/?from=mail#narrow/channel/1')).toBe('https://chat.example.com');
  });

  test('a path the realm lives under is kept', () => {
    expect(normalizeRealmUrl('https://example.com/chat/api/v1')).toBe('https://example.com/chat');
  });

  test('a default port is dropped and another port kept', () => {
    expect(normalizeRealmUrl('https://chat.example.com:443')).toBe('https://chat.example.com');
    expect(normalizeRealmUrl('chat.example.com:8443')).toBe('https://chat.example.com:8443');
  });

  test('a single slash after the scheme is forgiven', () => {
    expect(normalizeRealmUrl('https:/chat.example.com')).toBe('https://chat.example.com');
  });

  test('an internationalized name becomes its ASCII form', () => {
    expect(normalizeRealmUrl('chat.bücher.example')).toBe('https://chat.xn--bcher-kva.example');
  });

  test('normalizing a normalized address changes nothing', () => {
    for (const input of ['chat.example.com/api/v1', 'localhost:9991', 'https://example.com/chat/']) {
      const once = normalizeRealmUrl(input);
      expect(normalizeRealmUrl(once)).toBe(once);
    }
  });
});

describe('addresses that are refused, in words that say what to type', () => {
  test('an empty address asks for one', () => {
    expect(refusal('   ')).toMatch(/Type the address of your organization's server, like https:\/\/chat\.example\.com/);
  });

  test('a scheme other than http and https is refused', () => {
    expect(refusal('ftp://chat.example.com')).toBe('"ftp:" addresses cannot be used. Type the server\'s https:// address, like https://chat.example.com.');
    expect(refusal('javascript:alert(1)')).toMatch(/^"javascript:" addresses cannot be used/);
    expect(refusal('file:///etc/passwd')).toMatch(/^"file:" addresses cannot be used/);
  });

  test('credentials in the address are refused', () => {
    expect(refusal('https://olivia:secret@chat.example.com')).toMatch(/^Leave your email and password out of the address/);
  });

  test('an email address typed in place of the server is recognized', () => {
    expect(refusal('olivia@example.com')).toMatch(/looks like an email address.*your email goes in its own field/);
  });

  test('an address with a space inside is refused', () => {
    expect(refusal('chat example.com')).toMatch(/is not a web address: it contains a space/);
  });

  test('nonsense is refused as not a web address', () => {
    for (const input of ['https://', 'https://chat..example.com', 'https://-/', 'chat.example.com:99999', 'chat.example.com:port']) {
      expect(refusal(input)).toMatch(/is not a web address\. Type an address like https:\/\/chat\.example\.com\./);
    }
  });
});
