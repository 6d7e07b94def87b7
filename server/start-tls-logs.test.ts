// The sandbox over HTTPS (--tls-cert, --tls-key) with a certificate from a CA made in the test, and
// its request log: every request on a line, no credential ever written.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterEach, describe, expect, test } from 'vitest';
import { makeTestCertificates } from '../shared/node/testing/test-certificates';
import { startServer } from './start';

const dirs: string[] = [];
async function folder(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sandbox-tls-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function logText(dir: string): Promise<string> {
  const logs = path.join(dir, 'logs');
  const files = await readdir(logs);
  return (await Promise.all(files.map((file) => readFile(path.join(logs, file), 'utf8')))).join('');
}

describe('HTTPS', () => {
  test('with --tls-cert and --tls-key the server speaks HTTPS: trusted with its CA, refused without', async () => {
    const certs = makeTestCertificates(await folder());
    const server = await startServer({ port: 0, dataDir: await folder(), seed: 'empty', tls: { certFile: certs.certFile, keyFile: certs.keyFile } });
    try {
      expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const trusting = new Agent({ connect: { ca: certs.caPem } });
      const reply = await undiciFetch(`${server.url}/api/v1/server_settings`, { dispatcher: trusting });
      expect(((await reply.json()) as { realm_url: string }).realm_url).toBe(server.url);
      await trusting.close();
      const refusal = await undiciFetch(`${server.url}/api/v1/server_settings`).catch((error: unknown) => error);
      expect((refusal as { cause?: { code?: string } }).cause?.code).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
    } finally {
      await server.close();
    }
  });

  test.each([
    ['a missing certificate file', (certs: { certFile: string }) => ({ certFile: `${certs.certFile}.missing` }), /The TLS certificate .*\.missing cannot be read/],
    ['a key given as the certificate', (certs: { keyFile: string }) => ({ certFile: certs.keyFile }), /is not a PEM certificate/],
    ['a certificate given as the key', (certs: { certFile: string }) => ({ keyFile: certs.certFile }), /is not a PEM private key/],
  ])('%s is refused in words, before the data directory is locked', async (_name, change, message) => {
    const certs = makeTestCertificates(await folder());
    const dataDir = await folder();
    const tls = { certFile: certs.certFile, keyFile: certs.keyFile, ...change(certs) };
    await expect(startServer({ port: 0, dataDir, seed: 'empty', tls })).rejects.toThrow(message);
    // Nothing held: a server with the right files starts on the same folder.
    const server = await startServer({ port: 0, dataDir, seed: 'empty', tls: { certFile: certs.certFile, keyFile: certs.keyFile } });
    await server.close();
  });

  test('closing does not wait for a connection stuck before its TLS handshake (a client gone behind a proxy)', async () => {
    const certs = makeTestCertificates(await folder());
    const server = await startServer({ port: 0, dataDir: await folder(), seed: 'empty', tls: { certFile: certs.certFile, keyFile: certs.keyFile } });
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.on('error', () => undefined);
    // Node would keep it for its 120-second handshake timeout; the test's own 5 s is the limit.
    await server.close();
    socket.destroy();
  }, 5_000);

  test("another certificate's key is refused, saying the two do not belong together", async () => {
    const dir = await folder();
    const one = makeTestCertificates(dir, { prefix: 'one' });
    const two = makeTestCertificates(dir, { prefix: 'two' });
    await expect(startServer({ port: 0, dataDir: await folder(), seed: 'empty', tls: { certFile: one.certFile, keyFile: two.keyFile } })).rejects.toThrow(
      /cannot be used together .*give the key the certificate was made for/,
    );
  });
});

test('npm run server with --tls-cert and --tls-key prints its https:// address', async () => {
  const certs = makeTestCertificates(await folder());
  const repo = path.resolve(import.meta.dirname, '..');
  const args = ['--import', 'tsx', 'server/main.ts', '--data', await folder(), '--seed', 'empty', '--tls-cert', certs.certFile, '--tls-key', certs.keyFile];
  const child = spawn(process.execPath, args, { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
  const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  expect(line).toMatch(/^listening on https:\/\/127\.0\.0\.1:\d+$/);
  expect(await exit).toBe(0);
}, 20_000);

describe('the request log', () => {
  test('each request is logged with its method, path and status in <data>/logs, and no credential is', async () => {
    const dataDir = await folder();
    const server = await startServer({ port: 0, dataDir, seed: 'demo' });
    const password = 'sandbox';
    const keyReply = await fetch(`${server.url}/api/v1/fetch_api_key`, { method: 'POST', body: new URLSearchParams({ username: 'olivia@sandbox.test', password }) });
    const apiKey = ((await keyReply.json()) as { api_key: string }).api_key;
    const authorization = `Basic ${Buffer.from(`olivia@sandbox.test:${apiKey}`).toString('base64')}`;
    await fetch(`${server.url}/api/v1/users/me?api_key=${apiKey}`, { headers: { authorization } });
    await fetch(`${server.url}/api/v1/users/me`, { headers: { authorization: 'Basic bm9ib2R5Om5vdGhpbmc=' } });
    await server.close();
    const text = await logText(dataDir);
    const lines = text.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toContainEqual(expect.objectContaining({ service: 'sandbox', req: { method: 'POST', path: '/api/v1/fetch_api_key' } }));
    expect(lines).toContainEqual(expect.objectContaining({ res: { status: 200 }, responseTime: expect.any(Number) }));
    expect(lines).toContainEqual(expect.objectContaining({ res: { status: 401 } }));
    expect(apiKey).toMatch(/^\w{32}$/);
    expect(text).not.toContain(apiKey);
    expect(text).not.toContain(Buffer.from(`olivia@sandbox.test:${apiKey}`).toString('base64'));
    expect(text).not.toContain('bm9ib2R5Om5vdGhpbmc=');
    expect(text).not.toMatch(/password|authorization/i);
  });

  test('logDir null writes no log', async () => {
    const dataDir = await folder();
    const server = await startServer({ port: 0, dataDir, seed: 'empty', logDir: null });
    await fetch(`${server.url}/api/v1/server_settings`);
    await server.close();
    expect(await readdir(dataDir)).not.toContain('logs');
  });

  test('a log folder that cannot be made stops the start with the reason', async () => {
    const dataDir = await folder();
    const blocker = path.join(dataDir, 'not-a-folder');
    await writeFile(blocker, '');
    await expect(startServer({ port: 0, dataDir, seed: 'empty', logDir: path.join(blocker, 'logs') })).rejects.toThrow(/ENOTDIR|not a directory/);
    const server = await startServer({ port: 0, dataDir, seed: 'empty', logDir: null });
    await server.close();
  });
});
