import { describe, expect, test } from 'vitest';
import { parseZuliprc } from './zuliprc';

const KEY = 'abcdefghijklmnopqrstuvwxyz012345';

function refusal(contents: string) {
  try {
    parseZuliprc(contents);
  } catch (error) {
    return { code: (error as { code?: string }).code, msg: (error as Error).message };
  }
  throw new Error('the zuliprc was accepted');
}

describe('zuliprc', () => {
  test('the file upstream downloads is read', () => {
    expect(parseZuliprc(`[api]\nemail=olivia@sandbox.test\nkey=${KEY}\nsite=https://chat.example.com\n`)).toEqual({
      email: 'olivia@sandbox.test',
      apiKey: KEY,
      site: 'https://chat.example.com',
      insecure: false,
      certBundle: null,
    });
  });

  test('comments, blank lines, spaces, CRLF, a BOM, colons and other sections are tolerated', () => {
    const contents = [
      '\uFEFF# downloaded from the web app',
      '[other]',
      'key = not this one',
      '',
      '[api]',
      '  ; the bot that runs our reports',
      '  Email : olivia@sandbox.test  ',
      'key= ' + KEY,
      'site =https://chat.example.com/',
    ].join('\r\n');
    expect(parseZuliprc(contents)).toEqual({ email: 'olivia@sandbox.test', apiKey: KEY, site: 'https://chat.example.com/', insecure: false, certBundle: null });
  });

  test('an empty file is refused in words', () => {
    expect(refusal('  \n\n')).toEqual({ code: 'INVALID_INPUT', msg: 'This zuliprc file is empty.' });
  });

  test('a binary file is refused as not text', () => {
    const binary = String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00);
    expect(refusal(binary)).toMatchObject({ code: 'INVALID_INPUT', msg: expect.stringContaining('it is not text') });
  });

  test('a file without an [api] section says so', () => {
    expect(refusal(`[zulip]\nemail=olivia@sandbox.test\nkey=${KEY}\n`)).toMatchObject({ code: 'INVALID_INPUT', msg: expect.stringContaining('has no [api] section') });
  });

  test('a missing key names the missing line', () => {
    expect(refusal('[api]\nemail=olivia@sandbox.test\nsite=https://chat.example.com\n')).toEqual({
      code: 'INVALID_INPUT',
      msg: 'This zuliprc has no key= line in its [api] section.',
    });
  });

  test('several missing lines are all named', () => {
    expect(refusal(`[api]\nkey=${KEY}\n`).msg).toBe('This zuliprc has no email= or site= lines in its [api] section.');
  });

  test('an empty value is refused like a missing one', () => {
    expect(refusal('[api]\nemail=olivia@sandbox.test\nkey=\nsite=https://chat.example.com\n').msg).toBe(
      'In this zuliprc, the key= line of the [api] section is empty.',
    );
  });

  test('insecure and cert_bundle, the TLS keys upstream\'s client reads, are kept (they were dropped before)', () => {
    const rc = parseZuliprc(`[api]\nemail=olivia@sandbox.test\nkey=${KEY}\nsite=https://chat.example.com\ninsecure=True\ncert_bundle=~/company-ca.pem\n`);
    expect(rc).toMatchObject({ insecure: true, certBundle: '~/company-ca.pem' });
    expect(parseZuliprc(`[api]\nemail=o@x\nkey=${KEY}\nsite=https://x\ninsecure=false\n`).insecure).toBe(false);
  });

  test('insecure with anything but true or false is refused, as upstream\'s client does', () => {
    expect(refusal(`[api]\nemail=o@x\nkey=${KEY}\nsite=https://x\ninsecure=yes\n`).msg).toBe(
      "This zuliprc says insecure=yes; it must be true or false. Remove the line to have the server's certificate checked.",
    );
  });

  test('a client certificate is refused in words rather than dropped', () => {
    expect(refusal(`[api]\nemail=o@x\nkey=${KEY}\nsite=https://x\nclient_cert=/etc/me.pem\nclient_cert_key=/etc/me.key\n`).msg).toContain('client certificate (client_cert)');
  });
});
