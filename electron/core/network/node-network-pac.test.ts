// PAC files under Node, end to end on loopback: a PAC file served over HTTP sends requests to a real
// sandbox through the real proxy it names, falls back down its list when a proxy is down, goes
// directly when it says so, is read again when the settings change, and one that cannot be used is
// refused when saved and named when a request fails.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { getServerSettings } from '../../../shared/api';
import { ApiClient } from '../client/api-client';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { checkNetworkSettings } from './network-settings';
import { DEFAULT_TRUST } from './network-stack';
import { NodeNetwork } from './node-network';
import { pacScript, startPacServer, type PacServer } from './testing/pac-server';
import { startTestProxy, type TestProxy } from './testing/http-proxy';

let sandbox: Sandbox;
let proxy: TestProxy;
let pac: PacServer;
const stacks: NodeNetwork[] = [];
const hostOf = (url: string) => new URL(url).host;

beforeAll(async () => {
  [sandbox, proxy, pac] = await Promise.all([startSandbox({ seed: 'empty' }), startTestProxy(), startPacServer(pacScript('DIRECT'))]);
}, 60_000);
afterAll(async () => {
  await Promise.all([sandbox?.close(), proxy?.close(), pac?.close()]);
});
afterEach(async () => {
  proxy.requests.splice(0);
  await Promise.all(stacks.splice(0).map((stack) => stack.close()));
});

/** `runMs`: short only where the time limit is what is tested, so a slow machine passes the others. */
async function stackWithPac(script: string, runMs = 5_000): Promise<NodeNetwork> {
  pac.serve(script);
  const stack = new NodeNetwork({}, { loadMs: 5_000, runMs });
  stacks.push(stack);
  await stack.apply(checkNetworkSettings({ mode: 'pac', proxyUrl: '', proxyUsername: '', bypass: '', pacUrl: pac.url }));
  return stack;
}

const settingsOf = (stack: NodeNetwork) => new ApiClient({ realmUrl: sandbox.url, fetch: stack.fetchFor(sandbox.url, DEFAULT_TRUST) }).call(getServerSettings, {});

/** An address nothing listens on: a proxy that is down. */
async function downProxy(): Promise<string> {
  const gone = await startTestProxy();
  await gone.close();
  return gone.url;
}

describe('a PAC file', () => {
  test('routes the request through the proxy it names, this computer included', async () => {
    const stack = await stackWithPac(pacScript(`PROXY ${hostOf(proxy.url)}`));
    expect((await settingsOf(stack)).value.realm_url).toBe(sandbox.url);
    expect(proxy.requests).toEqual([hostOf(sandbox.url)]);
  });

  test('falls back down its list when a proxy cannot be connected to', async () => {
    const stack = await stackWithPac(pacScript(`PROXY ${hostOf(await downProxy())}; PROXY ${hostOf(proxy.url)}; DIRECT`));
    expect((await settingsOf(stack)).value.realm_url).toBe(sandbox.url);
    expect(proxy.requests).toEqual([hostOf(sandbox.url)]);
  });

  test('goes directly when its answer, or its fallback, says DIRECT', async () => {
    const direct = await stackWithPac(`function FindProxyForURL(url, host) { return isInNet(host, "127.0.0.0", "255.0.0.0") ? "DIRECT" : "PROXY ${hostOf(proxy.url)}"; }`);
    await settingsOf(direct);
    const fallback = await stackWithPac(pacScript(`PROXY ${hostOf(await downProxy())}; DIRECT`));
    await settingsOf(fallback);
    expect(proxy.requests).toEqual([]);
  });

  test('when every proxy it names is down, the error names the last one tried', async () => {
    const down = await downProxy();
    const stack = await stackWithPac(pacScript(`PROXY ${hostOf(down)}`));
    const error = await settingsOf(stack).catch((failure: unknown) => failure);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', extra: { proxy: down, cause: 'ECONNREFUSED' } });
    expect((error as Error).message).toContain(`through the proxy ${down}: the proxy refused the connection`);
  });

  test('is read once per settings, and again when they are saved', async () => {
    const stack = await stackWithPac(pacScript('DIRECT'));
    const before = pac.reads();
    await settingsOf(stack);
    await settingsOf(stack);
    expect(pac.reads()).toBe(before);
    pac.serve(pacScript(`PROXY ${hostOf(proxy.url)}`));
    await stack.apply(checkNetworkSettings({ mode: 'pac', proxyUrl: '', proxyUsername: '', bypass: '', pacUrl: pac.url }));
    expect(pac.reads()).toBe(before + 1);
    await settingsOf(stack);
    expect(proxy.requests).toEqual([hostOf(sandbox.url)]);
  });
});

describe('a PAC file that cannot be used', () => {
  test('is refused when saved, on its field, and the settings before stay in force', async () => {
    const stack = await stackWithPac(pacScript(`PROXY ${hostOf(proxy.url)}`));
    pac.serve('gone', 404);
    await expect(stack.apply(checkNetworkSettings({ mode: 'pac', proxyUrl: '', proxyUsername: '', bypass: '', pacUrl: pac.url }))).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      extra: { field: 'pacUrl', pac: pac.url },
      message: expect.stringMatching(/cannot be used: it could not be read: its server answered 404 Not Found\. Fix the file, or type another address\.$/),
    });
    await settingsOf(stack);
    expect(proxy.requests).toEqual([hostOf(sandbox.url)]);
  });

  test('fails a request in words that name it, when its answer is garbage or it runs too long', async () => {
    const garbage = await stackWithPac('function FindProxyForURL() { return "GO AWAY"; }');
    const error = await settingsOf(garbage).catch((failure: unknown) => failure);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', extra: { pac: pac.url } });
    expect((error as Error).message).toContain(`cannot be used: for ${hostOf(sandbox.url)}, it answered "GO AWAY"`);
    const looping = await stackWithPac('function FindProxyForURL() { for (;;) {} }', 500);
    expect(((await settingsOf(looping).catch((failure: unknown) => failure)) as Error).message).toContain('it ran longer than 0.5 seconds');
  });
});
