// The core's log file: JSON lines in a rotating file, credentials never written, the last problems
// kept for the diagnostics view, and a folder that cannot be written never stops the console.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { openLog } from './log';
import { Redactor } from './redact';

const dirs: string[] = [];
function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'console-log-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function written(dir: string): string {
  return readdirSync(dir)
    .map((file) => readFileSync(path.join(dir, file), 'utf8'))
    .join('');
}

const KEY = 'AbCdEfGh0123456789AbCdEfGh012345';
const BASIC = `Basic ${Buffer.from(`olivia@sandbox.test:${KEY}`).toString('base64')}`;

describe('the log file', () => {
  test('writes one JSON line per entry in <dir>/console.1.log', async () => {
    const dir = path.join(folder(), 'logs');
    const log = await openLog({ dir });
    log.info('api request', { realm: 'https://chat.example.com', method: 'GET', path: '/api/v1/users/me', status: 200, ms: 12 });
    log.warn('session state', { account: 'a1', state: 'reconnecting', message: 'Lost the connection to https://chat.example.com.' });
    await log.close();
    expect(readdirSync(dir)).toEqual(['console.1.log']);
    const lines = written(dir).trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, service: 'console', msg: 'api request', method: 'GET', path: '/api/v1/users/me', status: 200, ms: 12, time: expect.any(String) }),
      expect.objectContaining({ level: 40, msg: 'session state', state: 'reconnecting' }),
    ]);
  });

  test('never writes a credential: secret fields, Authorization values, keys in text, tokens named to it', async () => {
    const dir = folder();
    const log = await openLog({ dir });
    const token = 'T0k3n-0f-the-browser-host-abcdefgh';
    log.addSecret(token);
    log.info('sign in', { email: 'olivia@sandbox.test', password: 'hunter2-hunter2', apiKey: KEY, headers: { authorization: BASIC } });
    log.info('network.set', { input: { proxyUsername: 'ada', proxyPassword: 'pr0xy-pass-word' }, raw: '{"proxyPassword":"pr0xy-pass-word"}' });
    log.warn('request failed', { message: `GET /api/v1/users?api_key=${KEY} refused: "${BASIC}"`, body: `{"password":"hunter2-hunter2"}` });
    log.error(`browser host refused /?token=${token}`, { url: `http://127.0.0.1:9/?token=${token}`, proxy: 'http://me:s3cr3t-pw@proxy.example:3128' });
    log.error('thrown', { error: Object.assign(new Error(`refused api_key=${KEY} and password=hunter2-hunter2`), { code: 'E_TEST' }) });
    await log.close();
    const text = written(dir);
    for (const secret of [KEY, 'hunter2-hunter2', BASIC.slice(6), token, 's3cr3t-pw', 'pr0xy-pass-word']) expect(text).not.toContain(secret);
    expect(text).toContain('olivia@sandbox.test');
    expect(text).toContain('E_TEST');
    expect(text).toContain('[redacted]');
  });

  test('keeps the last 50 warnings and errors, scrubbed, newest last', async () => {
    let clock = Date.parse('2026-03-01T10:00:00Z');
    const log = await openLog({ dir: null, now: () => new Date(clock) });
    log.info('not a problem');
    for (let i = 0; i < 60; i++) {
      clock += 1000;
      log.warn('session state', { message: `try ${i} with api_key=${KEY}` });
    }
    log.error('internal', { message: 'boom' });
    const problems = log.recentProblems();
    expect(problems).toHaveLength(50);
    expect(problems.at(-1)).toEqual({ time: '2026-03-01T10:01:00.000Z', level: 'error', text: 'internal: boom' });
    expect(problems[0]?.text).toBe('session state: try 11 with api_key=[redacted]');
    expect(log.dir).toBeNull();
  });

  test('a folder that cannot be made leaves the console running without a file, and says so', async () => {
    const blocker = path.join(folder(), 'file');
    writeFileSync(blocker, '');
    const log = await openLog({ dir: path.join(blocker, 'logs') });
    log.info('still fine');
    expect(log.dir).toBeNull();
    expect(log.recentProblems()).toEqual([expect.objectContaining({ level: 'warn', text: expect.stringMatching(/^log file unavailable: the log folder .* cannot be written/) })]);
    await log.close();
  });

  test('writing after close is ignored, and closing twice is harmless', async () => {
    const dir = folder();
    const log = await openLog({ dir });
    await log.close();
    log.error('late', { message: 'after close' });
    await log.close();
    expect(log.recentProblems()).toHaveLength(1);
  });
});

describe('Redactor', () => {
  test.each([
    [`Authorization: ${BASIC}`, 'Authorization: Basic [redacted]'],
    ['Proxy-Authorization: Negotiate YIIGhgYGKwYBBQUCoIIGejCCBnag', 'Proxy-Authorization: Negotiate [redacted]'],
    ['POST /fetch_api_key username=o%40x&password=p%40ss', 'POST /fetch_api_key username=o%40x&password=[redacted]'],
    ['https://chat.example.com/api/v1/users?key=abc123def&x=1', 'https://chat.example.com/api/v1/users?key=[redacted]&x=1'],
    ['{"api_key": "k\\"ey", "email": "a@b"}', '{"api_key":"[redacted]", "email": "a@b"}'],
    ['proxy http://user:pa55@proxy:3128 refused', 'proxy http://user:[redacted]@proxy:3128 refused'],
    ['This zuliprc has no key= line in its [api] section.', 'This zuliprc has no key= line in its [api] section.'],
  ])('%s', (input, output) => {
    expect(new Redactor().text(input)).toBe(output);
  });

  test('an exact secret shorter than 8 characters is not registered (it would blank ordinary words)', () => {
    const redactor = new Redactor();
    redactor.addSecret('the');
    expect(redactor.text('the realm')).toBe('the realm');
  });
});
