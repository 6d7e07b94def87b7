// The browser host with a real core signed in to nothing yet, a real sandbox server (for a sign-in that
// makes the core push), and a small stand-in for the built renderer (unit tests run before `vite build`).
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { MAX_FRAME_BYTES } from '../shared/ipc';
import { FileSecretStore } from './core/accounts/file-secret-store';
import { createCore, type Core } from './core/core';
import { describeRuntime } from './core/runtime-info';
import { startSandbox, type Sandbox } from './core/testing/sandbox';
import { startBrowserHost, type BrowserHost } from './browser-host';

let workDir: string;
let sandbox: Sandbox;
let core: Core;
let host: BrowserHost;
let origin: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'browser-host-'));
  const rendererDir = path.join(workDir, 'renderer');
  await mkdir(path.join(rendererDir, 'assets'), { recursive: true });
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><html><head><title>Realm Console</title></head><body></body></html>');
  await writeFile(path.join(rendererDir, 'assets', 'index-abc.js'), 'console.log("hi")');
  // Beside the renderer folder, not in it: the host must never serve it.
  await writeFile(path.join(workDir, 'secret.txt'), 'not for the page');
  sandbox = await startSandbox();
  core = await createCore({
    dataDir: path.join(workDir, 'core'),
    secrets: new FileSecretStore(path.join(workDir, 'core')),
    appInfo: describeRuntime('Realm Console', '9.9.9', process.platform, process.versions),
  });
  host = await startBrowserHost({ core, rendererDir });
  origin = new URL(host.url).origin;
}, 30_000);

afterAll(async () => {
  await host?.close();
  await core?.close();
  await sandbox?.close();
  await rm(workDir, { recursive: true, force: true });
});

/** A second host on the same core, for tests that spend its one-time token. */
async function freshHost(): Promise<BrowserHost> {
  return startBrowserHost({ core, rendererDir: path.join(workDir, 'renderer') });
}

/** Opens the printed link the way a browser does, and returns the session cookie it was given. */
async function openPrintedLink(target: BrowserHost): Promise<string> {
  const response = await fetch(target.url, { redirect: 'manual' });
  expect(response.status).toBe(303);
  const cookie = response.headers.get('set-cookie');
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

/** A GET with a raw path: fetch() would normalize `..` away before sending. */
function rawGet(url: string, rawPath: string, cookie: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const req = httpRequest({ hostname, port, path: rawPath, headers: { cookie } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The page's side of the bridge: a socket that keeps every frame it receives. */
class PageSocket {
  readonly frames: Record<string, unknown>[] = [];
  private waiters: (() => void)[] = [];
  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as Record<string, unknown>);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static open(target: BrowserHost, cookie: string, pageOrigin = new URL(target.url).origin): Promise<PageSocket> {
    const socket = new WebSocket(`${new URL(target.url).origin.replace('http', 'ws')}/bridge`, { origin: pageOrigin, headers: { cookie } });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new PageSocket(socket)));
      socket.once('unexpected-response', (_request, response) => reject(new Error(`refused with ${response.statusCode}`)));
      socket.once('error', reject);
    });
  }

  async next(matches: (frame: Record<string, unknown>) => boolean, timeoutMs = 10_000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(matches);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching frame among ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  async call(id: string, channel: string, input: unknown): Promise<unknown> {
    this.socket.send(JSON.stringify({ id, channel, input }));
    return (await this.next((frame) => frame.id === id)).result;
  }
}

function refusedStatus(target: BrowserHost, headers: { cookie?: string; origin?: string }): Promise<number> {
  const socket = new WebSocket(`${new URL(target.url).origin.replace('http', 'ws')}/bridge`, {
    origin: headers.origin ?? new URL(target.url).origin,
    headers: headers.cookie ? { cookie: headers.cookie } : {},
  });
  return new Promise((resolve, reject) => {
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('open', () => reject(new Error('the bridge accepted the connection')));
    socket.once('error', () => undefined);
  });
}

describe('browser host', () => {
  test('without the printed link, the page, its assets and the bridge answer 401 saying what to open', async () => {
    for (const address of [`${origin}/`, `${origin}/index.html`]) {
      const response = await fetch(address);
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const page = await response.text();
      expect(page).toContain('<h1>Open Realm Console with the link <code>npm start</code> printed</h1>');
      expect(page).toContain(`(<code>${origin}/?token=…</code>)`);
    }
    const asset = await fetch(`${origin}/assets/index-abc.js`);
    expect(asset.status).toBe(401);
    expect(asset.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await asset.text()).toMatch(/^Realm Console: Open Realm Console with the link `npm start` printed\. /);
    expect(await refusedStatus(host, {})).toBe(401);
    expect(await refusedStatus(host, { cookie: 'realm_console_1=forged' })).toBe(401);
  });

  test('the printed link becomes an HttpOnly, SameSite=Strict session cookie and a redirect to the bare page', async () => {
    const target = await freshHost();
    try {
      const response = await fetch(target.url, { redirect: 'manual' });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/');
      expect(response.headers.get('set-cookie')).toMatch(/^realm_console_\d+=[\w-]+; HttpOnly; SameSite=Strict; Path=\/$/);
    } finally {
      await target.close();
    }
  });

  test('with the session cookie the page is served under a strict policy and names the bridge', async () => {
    const target = await freshHost();
    try {
      const cookie = await openPrintedLink(target);
      const page = await fetch(new URL('/', target.url), { headers: { cookie } });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const port = new URL(target.url).port;
      expect(page.headers.get('content-security-policy')).toContain(`connect-src 'self' ws://127.0.0.1:${port}`);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(await page.text()).toContain('<meta name="realm-console-host" content="/bridge" />');
      const asset = await fetch(new URL('/assets/index-abc.js', target.url), { headers: { cookie } });
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    } finally {
      await target.close();
    }
  });

  test('the printed link works once: a second browser opening it is refused', async () => {
    const target = await freshHost();
    try {
      await openPrintedLink(target);
      const again = await fetch(target.url, { redirect: 'manual', headers: { accept: 'text/html' } });
      expect(again.status).toBe(401);
      expect(again.headers.get('set-cookie')).toBeNull();
      // A page in the app's colours, allowed its stylesheet and nothing else, that says what happened.
      expect(again.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
      const page = await again.text();
      expect(page).toContain('<h1>This link was used already</h1>');
      expect(page).toContain('run it again, and open the new link it prints.');
      expect(page).toContain('<link rel="stylesheet" href="/_host/notice.css" />');
    } finally {
      await target.close();
    }
  });

  test("the notice pages' stylesheet is served to anyone, in both themes", async () => {
    const response = await fetch(`${origin}/_host/notice.css`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const css = await response.text();
    expect(css).toContain('@media (prefers-color-scheme: dark)');
    expect(css).toContain('--bg: #14171c;');
  });

  test('files outside the renderer folder and directory listings are never served', async () => {
    const target = await freshHost();
    try {
      const cookie = await openPrintedLink(target);
      for (const rawPath of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/assets/', '/assets', '/%00index.html']) {
        const response = await rawGet(target.url, rawPath, cookie);
        expect({ rawPath, status: response.status }).toEqual({ rawPath, status: 404 });
        expect(response.body).not.toContain('not for the page');
      }
    } finally {
      await target.close();
    }
  });

  test('the bridge refuses a page from another origin, even with the session cookie', async () => {
    const target = await freshHost();
    try {
      const cookie = await openPrintedLink(target);
      expect(await refusedStatus(target, { cookie, origin: 'http://127.0.0.1:1' })).toBe(403);
      expect(await refusedStatus(target, { cookie, origin: 'http://evil.example' })).toBe(403);
    } finally {
      await target.close();
    }
  });

  test('a call round-trips over the bridge and returns the router envelope', async () => {
    const target = await freshHost();
    try {
      const page = await PageSocket.open(target, await openPrintedLink(target));
      expect(await page.call('1', 'app.info', {})).toMatchObject({ ok: true, value: { name: 'Realm Console', version: '9.9.9', runtime: { kind: 'node' } } });
      expect(await page.call('2', 'app.nothing', {})).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
      page.socket.close();
    } finally {
      await target.close();
    }
  });

  test("a sign-in over the bridge reaches the page's socket as pushes, and no API key crosses", async () => {
    const target = await freshHost();
    try {
      const page = await PageSocket.open(target, await openPrintedLink(target));
      const result = await page.call('sign-in', 'accounts.signInWithPassword', { realmUrl: sandbox.url, email: 'olivia@sandbox.test', password: 'sandbox' });
      expect(result).toMatchObject({ ok: true, value: { email: 'olivia@sandbox.test', role: 100 } });
      await page.next((frame) => (frame.push as { kind?: string } | undefined)?.kind === 'accounts.changed');
      await page.next((frame) => (frame.push as { kind?: string; state?: string } | undefined)?.state === 'live');
      const apiKey = await fetch(`${sandbox.url}/api/v1/fetch_api_key`, {
        method: 'POST',
        body: new URLSearchParams({ username: 'olivia@sandbox.test', password: 'sandbox' }),
      }).then((response) => response.json() as Promise<{ api_key: string }>);
      expect(JSON.stringify(page.frames)).not.toContain(apiKey.api_key);
      page.socket.close();
    } finally {
      await target.close();
    }
  }, 20_000);

  test('malformed frames get an error frame and the bridge keeps answering', async () => {
    const target = await freshHost();
    try {
      const cookie = await openPrintedLink(target);
      const page = await PageSocket.open(target, cookie);
      for (const frame of ['not json', '[]', 'null', '{"channel":"app.info","input":{}}', '{"id":{},"channel":"app.info"}']) page.socket.send(frame);
      page.socket.send(Buffer.from([1, 2, 3]), { binary: true });
      await page.next(() => page.frames.filter((frame) => 'error' in frame).length === 6);
      expect(page.frames.every((frame) => (frame.error as { code: string }).code === 'INVALID_INPUT')).toBe(true);
      expect(await page.call('3', 'app.info', 'not an object')).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });

      // A frame past the size limit closes that one socket; the host and other sockets carry on.
      const huge = await PageSocket.open(target, cookie);
      const closed = new Promise<number>((resolve) => huge.socket.once('close', (code) => resolve(code)));
      huge.socket.send(JSON.stringify({ id: 'big', channel: 'app.info', input: { pad: 'x'.repeat(MAX_FRAME_BYTES) } }));
      expect(await closed).toBe(1009);
      expect(await page.call('4', 'app.info', {})).toMatchObject({ ok: true });
      page.socket.close();
    } finally {
      await target.close();
    }
  });

  test('close() ends the open bridge connections', async () => {
    const target = await freshHost();
    const page = await PageSocket.open(target, await openPrintedLink(target));
    const closed = new Promise<void>((resolve) => page.socket.once('close', () => resolve()));
    await target.close();
    await closed;
    await expect(fetch(target.url)).rejects.toThrow();
  });

  test('what the host refuses is logged by path, and its token never is', async () => {
    const target = await freshHost();
    const token = new URL(target.url).searchParams.get('token') ?? '';
    const targetOrigin = new URL(target.url).origin;
    try {
      await openPrintedLink(target);
      // The same link again (used), and the token on an asset, without a session.
      expect((await fetch(target.url, { redirect: 'manual' })).status).toBe(401);
      expect((await fetch(`${targetOrigin}/assets/index-abc.js?token=${token}`)).status).toBe(401);
    } finally {
      await target.close();
    }
    const logs = path.join(workDir, 'core', 'logs');
    const text = (await Promise.all((await readdir(logs)).map((file) => readFile(path.join(logs, file), 'utf8')))).join('');
    expect(token.length).toBeGreaterThan(20);
    expect(text).not.toContain(token);
    const entries = text.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toContainEqual(expect.objectContaining({ msg: 'browser host refused a link', path: '/' }));
    expect(entries).toContainEqual(expect.objectContaining({ msg: 'browser host refused a request without a session', path: '/assets/index-abc.js', status: 401 }));
    expect(core.log.recentProblems().map((problem) => problem.text)).toContain('browser host refused a link: A link with a wrong or used token was opened.');
  });
});
