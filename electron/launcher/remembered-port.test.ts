// A server started on the port it had last time: the port is kept where it is free, replaced (and the
// new one kept) where something else took it. Real listening sockets, not stand-ins.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { onRememberedPort } from './remembered-port';

const servers: Server[] = [];
let dir: string | null = null;

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

function portFile(): string {
  dir = mkdtempSync(path.join(tmpdir(), 'remembered-port-'));
  return path.join(dir, 'server.port');
}

/** Listens on 127.0.0.1:port (0: any free one), or fails as a taken port does. */
function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      servers.push(server);
      resolve(server);
    });
  });
}

const portOf = (server: Server) => (server.address() as { port: number }).port;

test('the first run takes any free port and keeps it; the next run gets the same one', async () => {
  const file = portFile();
  const first = await onRememberedPort(file, listen, portOf);
  const port = portOf(first);
  expect(readFileSync(file, 'utf8')).toBe(String(port));
  await new Promise((resolve) => first.close(resolve));
  const second = await onRememberedPort(file, listen, portOf);
  expect(portOf(second)).toBe(port);
});

test('a kept port something else took is replaced by a free one, which is kept instead', async () => {
  const file = portFile();
  const squatter = await listen(0);
  writeFileSync(file, String(portOf(squatter)));
  const started = await onRememberedPort(file, listen, portOf);
  expect(portOf(started)).not.toBe(portOf(squatter));
  expect(readFileSync(file, 'utf8')).toBe(String(portOf(started)));
});

test('a file that holds no port is ignored', async () => {
  const file = portFile();
  writeFileSync(file, 'not a port');
  const started = await onRememberedPort(file, listen, portOf);
  expect(portOf(started)).toBeGreaterThan(0);
});
