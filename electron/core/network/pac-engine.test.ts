// A PAC file read over real HTTP and from disk, run in the QuickJS sandbox: its answer as routes, and
// every way it can fail named with the PAC address and what to do, within the time limits.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { PAC_LIMITS, PacEngine } from './pac-engine';
import { pacScript, startPacServer, type PacServer } from './testing/pac-server';

/** Short limits, for the tests of the limits; the others get the usual ones, so a slow machine passes. */
const FAST = { loadMs: 500, runMs: 300 };
const dir = mkdtempSync(path.join(tmpdir(), 'pac-engine-'));
let served: PacServer;
const engines: PacEngine[] = [];

beforeAll(async () => {
  served = await startPacServer(pacScript('DIRECT'));
});
afterAll(async () => {
  await served.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  for (const engine of engines.splice(0)) engine.close();
});

async function load(script: string, limits = PAC_LIMITS): Promise<PacEngine> {
  served.serve(script);
  const engine = await PacEngine.load(served.url, limits);
  engines.push(engine);
  return engine;
}

async function failure(promise: Promise<unknown>): Promise<Error & { code?: string; extra?: Record<string, unknown> }> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: Error) => error,
  );
}

const realm = new URL('https://realm.example.com/api/v1/users?x=1');

describe('a PAC file', () => {
  test('served over http is run for each request, its answer read as routes; it sees the host, never the path', async () => {
    const engine = await load(`function FindProxyForURL(url, host) {
      if (dnsDomainIs(host, ".example.com") && url === "https://realm.example.com/") return "PROXY corp:3128; DIRECT";
      return "DIRECT";
    }`);
    expect(await engine.routesFor(realm)).toEqual([{ kind: 'proxy', url: 'http://corp:3128' }, { kind: 'direct' }]);
    expect(await engine.routesFor(new URL('http://127.0.0.1:9991/api/v1/register'))).toEqual([{ kind: 'direct' }]);
  });

  test('read from a file on this computer', async () => {
    const file = path.join(dir, 'proxy.pac');
    writeFileSync(file, pacScript('PROXY file-proxy:8080'));
    const engine = await PacEngine.load(pathToFileURL(file).href);
    engines.push(engine);
    expect(await engine.routesFor(realm)).toEqual([{ kind: 'proxy', url: 'http://file-proxy:8080' }]);
  });

  test('runs in a sandbox: Node is not there', async () => {
    const engine = await load('function FindProxyForURL() { return typeof process + " " + typeof require + " " + typeof globalThis.fetch; }');
    const error = await failure(engine.routesFor(realm));
    expect(error.message).toContain('it answered "undefined undefined undefined"');
  });
});

describe('a PAC file that cannot be used is named, with what to do', () => {
  test.each([
    ['function FindProxyForURL( {', 'it is not a PAC script that defines FindProxyForURL(url, host) (Line 1: Unexpected'],
    ['var nothing = 1;', 'it is not a PAC script that defines FindProxyForURL(url, host) (FindProxyForURL is not defined)'],
    ['while (true) {}', `it is not a PAC script that defines FindProxyForURL(url, host) (it ran longer than ${FAST.runMs / 1000} seconds)`],
  ])('%j fails to load', async (script, words) => {
    served.serve(script);
    const error = await failure(PacEngine.load(served.url, script.includes('while') ? FAST : PAC_LIMITS));
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', extra: { pac: served.url } });
    expect(error.message).toContain(`The proxy auto-configuration (PAC) file ${served.url} cannot be used: ${words}`);
    expect(error.message).toContain('Fix the file or its address in Network settings');
  });

  test.each([
    ['function FindProxyForURL() { throw new Error("no route for you"); }', 'FindProxyForURL failed for realm.example.com: no route for you'],
    ['function FindProxyForURL() { while (true) {} }', `FindProxyForURL failed for realm.example.com: it ran longer than ${FAST.runMs / 1000} seconds`],
    ['function FindProxyForURL() { return 42; }', 'for realm.example.com, it answered a number (42)'],
    ['function FindProxyForURL() { return "SOCKS5 s:1080"; }', 'for realm.example.com, it named only SOCKS proxies'],
  ])('%j fails for a request, and the next request is answered', async (script, words) => {
    const engine = await load(script, script.includes('while') ? FAST : PAC_LIMITS);
    const error = await failure(engine.routesFor(realm));
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', extra: { pac: served.url } });
    expect(error.message).toContain(words);
    // The sandbox survives a failure: it answers (and fails) again, within the limit.
    expect((await failure(engine.routesFor(realm))).message).toContain(words);
  });

  test('an error page, a missing file, a refused connection, a port no web server uses', async () => {
    served.serve('not found', 404);
    expect((await failure(PacEngine.load(served.url))).message).toContain('it could not be read: its server answered 404 Not Found');
    expect((await failure(PacEngine.load(pathToFileURL(path.join(dir, 'missing.pac')).href))).message).toContain('it could not be read: there is no such file');
    const closed = await startPacServer('');
    await closed.close();
    expect((await failure(PacEngine.load(closed.url))).message).toContain('it could not be read: its server refused the connection');
    expect((await failure(PacEngine.load('http://127.0.0.1:25/wpad.dat'))).message).toContain('it could not be read: its port is one reserved for other services than the web');
  });

  test('a server that never answers is given up on within the load limit', async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const address = silent.address() as { port: number };
      const url = `http://127.0.0.1:${address.port}/wpad.dat`;
      const error = await failure(PacEngine.load(url, FAST));
      expect(error.message).toBe(
        `The proxy auto-configuration (PAC) file ${url} cannot be used: it could not be read: no answer within ${FAST.loadMs / 1000} seconds. Fix the file or its address in Network settings (the status line's "Network…"), or ask your network's administrators.`,
      );
    } finally {
      silent.close();
    }
  });
});
