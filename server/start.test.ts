// Starting and stopping the sandbox: programmatically and from the CLI.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, test } from 'vitest';
import { startServer } from './start';

const repo = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];
async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sandbox-start-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function apiKey(url: string, username: string): Promise<unknown> {
  const response = await fetch(`${url}/api/v1/fetch_api_key`, { method: 'POST', body: new URLSearchParams({ username, password: 'sandbox' }) });
  return ((await response.json()) as { api_key?: unknown }).api_key;
}

describe('startServer', () => {
  test('listens on 127.0.0.1 and answers the API', async () => {
    const server = await startServer({ port: 0, dataDir: await dataDir(), seed: 'empty' });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await apiKey(server.url, 'olivia@sandbox.test')).toMatch(/^\w{32}$/);
    } finally {
      await server.close();
    }
  });

  test('stopping and starting on the same data directory keeps everything', async () => {
    const dir = await dataDir();
    const first = await startServer({ port: 0, dataDir: dir, seed: 'demo' });
    const key = await apiKey(first.url, 'mark@sandbox.test');
    await first.close();
    // A different seed is ignored: the organization already exists.
    const second = await startServer({ port: 0, dataDir: dir, seed: 'empty' });
    try {
      expect(await apiKey(second.url, 'mark@sandbox.test')).toBe(key);
    } finally {
      await second.close();
    }
  });

  test('a second server on a data directory in use is refused with a clear message', async () => {
    const dir = await dataDir();
    const first = await startServer({ port: 0, dataDir: dir, seed: 'empty' });
    try {
      await expect(startServer({ port: 0, dataDir: dir, seed: 'empty' })).rejects.toThrow(
        `The data directory ${dir} is in use by another sandbox server (process ${process.pid}). Stop that server, or start this one with another --data directory.`,
      );
    } finally {
      await first.close();
    }
  });

  test('an unknown API path gets the error envelope with 404', async () => {
    const server = await startServer({ port: 0, dataDir: await dataDir(), seed: 'empty' });
    try {
      const response = await fetch(`${server.url}/api/v1/no/such/thing`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' });
    } finally {
      await server.close();
    }
  });
});

function runCli(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', ...args], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  const firstLine = new Promise<string>((resolve) => {
    createInterface({ input: child.stdout }).once('line', resolve);
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, firstLine, exit, stderr: () => stderr };
}

describe('npm run server', () => {
  test('prints one line with its URL once listening, and stops cleanly on SIGTERM', async () => {
    const cli = runCli(['--port', '0', '--data', await dataDir(), '--seed', 'empty']);
    const line = await cli.firstLine;
    expect(line).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
    const url = line.replace('listening on ', '');
    expect(await apiKey(url, 'olivia@sandbox.test')).toMatch(/^\w{32}$/);
    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(0);
  }, 20_000);

  test('stops cleanly on SIGINT: exit code 0, the data directory released and its database closed', async () => {
    const dir = await dataDir();
    const cli = runCli(['--port', '0', '--data', dir, '--seed', 'empty']);
    const url = (await cli.firstLine).replace('listening on ', '');
    expect(await apiKey(url, 'olivia@sandbox.test')).toMatch(/^\w{32}$/);
    cli.child.kill('SIGINT');
    expect(await cli.exit).toBe(0);
    // No lock left for the next server to take over, and SQLite removed its write-ahead log on close.
    const left = await readdir(dir);
    expect(left).toContain('sandbox.sqlite');
    expect(left.filter((name) => name === 'server.lock' || name.endsWith('-wal'))).toEqual([]);
    const next = await startServer({ port: 0, dataDir: dir, seed: 'demo' });
    try {
      expect(await apiKey(next.url, 'olivia@sandbox.test')).toMatch(/^\w{32}$/);
    } finally {
      await next.close();
    }
  }, 20_000);

  test('an unknown seed is refused with the usage', async () => {
    const cli = runCli(['--data', await dataDir(), '--seed', 'giant']);
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toContain('--seed must be demo, large, huge or empty, not "giant".');
  }, 20_000);
});
