// Node's network stack against a real HTTP proxy and real sandbox servers (HTTP and HTTPS): requests
// go through the proxy the settings say, around it where the bypass list says, and a proxy that is
// down is named as the problem, not the realm.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { fetchApiKey, getServerSettings } from '../../../shared/api';
import type { NetworkSettings } from '../../../shared/ipc';
import { makeTestCertificates, type TestCertificates } from '../../../shared/node/testing/test-certificates';
import { ApiClient } from '../client/api-client';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { checkNetworkSettings } from './network-settings';
import { DEFAULT_TRUST } from './network-stack';
import { NodeNetwork } from './node-network';
import { startTestProxy, type TestProxy } from './testing/http-proxy';

const certDir = mkdtempSync(path.join(tmpdir(), 'node-network-'));
let certs: TestCertificates;
let plain: Sandbox;
let secure: Sandbox;
let proxy: TestProxy;
const stacks: NodeNetwork[] = [];

beforeAll(async () => {
  certs = makeTestCertificates(certDir);
  [plain, secure, proxy] = await Promise.all([startSandbox({ seed: 'empty' }), startSandbox({ seed: 'empty', args: ['--tls-cert', certs.certFile, '--tls-key', certs.keyFile] }), startTestProxy()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([plain?.close(), secure?.close(), proxy?.close()]);
  rmSync(certDir, { recursive: true, force: true });
});
afterEach(async () => {
  proxy.requests.splice(0);
  await Promise.all(stacks.splice(0).map((stack) => stack.close()));
});

async function stackWith(settings: Partial<NetworkSettings>, env: Record<string, string> = {}): Promise<NodeNetwork> {
  const stack = new NodeNetwork(env);
  stacks.push(stack);
  await stack.apply(checkNetworkSettings({ mode: 'system', proxyUrl: '', proxyUsername: '', bypass: '', pacUrl: '', ...settings }));
  return stack;
}

function clientOf(stack: NodeNetwork, realmUrl: string, trust = DEFAULT_TRUST): ApiClient {
  return new ApiClient({ realmUrl, fetch: stack.fetchFor(realmUrl, trust) });
}

const hostOf = (url: string) => new URL(url).host;

describe('a manual proxy', () => {
  test('carries the requests, this computer included once the bypass list says <-loopback>', async () => {
    const stack = await stackWith({ mode: 'manual', proxyUrl: proxy.url, bypass: '<-loopback>' });
    const { value } = await clientOf(stack, plain.url).call(getServerSettings, {});
    expect(value.realm_url).toBe(plain.url);
    expect(proxy.requests).toContain(hostOf(plain.url));
  });

  test('is skipped for this computer by default, and for what the bypass list names', async () => {
    const byDefault = await stackWith({ mode: 'manual', proxyUrl: proxy.url });
    await clientOf(byDefault, plain.url).call(getServerSettings, {});
    const listed = await stackWith({ mode: 'manual', proxyUrl: proxy.url, bypass: `<-loopback>, ${hostOf(plain.url)}` });
    await clientOf(listed, plain.url).call(getServerSettings, {});
    expect(proxy.requests).toEqual([]);
  });

  test('tunnels HTTPS, with the realm\'s certificate authority checked end to end', async () => {
    const stack = await stackWith({ mode: 'manual', proxyUrl: proxy.url, bypass: '<-loopback>' });
    const { value } = await clientOf(stack, secure.url, { caPem: certs.caPem, unchecked: false }).call(getServerSettings, {});
    expect(value.realm_url).toBe(secure.url);
    expect(proxy.requests).toContain(hostOf(secure.url));
    const untrusted = await clientOf(stack, secure.url).call(getServerSettings, {}).catch((error: unknown) => error);
    expect(untrusted).toMatchObject({ code: 'NETWORK_ERROR', extra: { certificate: 'untrusted', proxy: proxy.url } });
  });

  test('when it is down, the error names the proxy and where to change it', async () => {
    const stack = await stackWith({ mode: 'manual', proxyUrl: proxy.url, bypass: '<-loopback>' });
    await proxy.stop();
    try {
      const error = await clientOf(stack, plain.url).call(fetchApiKey, { username: 'olivia@sandbox.test', password: 'sandbox' }).catch((failure: unknown) => failure);
      expect(error).toMatchObject({ code: 'NETWORK_ERROR', extra: { proxy: proxy.url, cause: 'ECONNREFUSED' } });
      expect((error as Error).message).toBe(
        `Could not reach ${plain.url} through the proxy ${proxy.url}: the proxy refused the connection (is it running, on that port?). Check the proxy in Network settings (the status line's "Network…"), or ask your network's administrators.`,
      );
    } finally {
      await proxy.start();
    }
  });
});

describe('system settings: the proxy environment variables', () => {
  test('HTTPS_PROXY carries https requests, HTTP_PROXY http ones, except to this computer', async () => {
    const stack = await stackWith({ mode: 'system' }, { HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url });
    await clientOf(stack, secure.url, { caPem: certs.caPem, unchecked: false }).call(getServerSettings, {});
    await clientOf(stack, plain.url).call(getServerSettings, {});
    // Both are on 127.0.0.1: loopback never takes the system's proxy (as in Chromium).
    expect(proxy.requests).toEqual([]);
    const viaName = secure.url.replace('127.0.0.1', 'localhost');
    await clientOf(stack, viaName, { caPem: certs.caPem, unchecked: false }).call(getServerSettings, {});
    expect(proxy.requests).toEqual([]);
  });

  test('the environment is reported for the diagnostics', async () => {
    const stack = await stackWith({ mode: 'system' }, { HTTPS_PROXY: proxy.url, NO_PROXY: 'localhost' });
    expect(stack.environment()).toEqual({ httpsProxy: proxy.url, httpProxy: null, noProxy: 'localhost' });
  });
});

describe('a proxy that asks for a sign-in (407)', () => {
  const signIn = { username: 'ada@corp', password: 'p:ss wörd' };
  let guarded: TestProxy;
  beforeAll(async () => {
    guarded = await startTestProxy({ signIn });
  });
  afterAll(async () => {
    await guarded?.close();
  });

  async function through(credentials: { username: string; password: string } | null) {
    const stack = new NodeNetwork({});
    stacks.push(stack);
    await stack.apply(checkNetworkSettings({ mode: 'manual', proxyUrl: guarded.url, proxyUsername: credentials?.username ?? '', bypass: '<-loopback>', pacUrl: '' }), credentials);
    return clientOf(stack, plain.url).call(getServerSettings, {});
  }

  test('without a user name and password: the proxy is named, and where to type them', async () => {
    const error = await through(null).catch((failure: unknown) => failure);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', extra: { proxy: guarded.url, proxyAuth: 'required' } });
    expect((error as Error).message).toBe(
      `The proxy at ${guarded.url} asks for a user name and password (407 Proxy Authentication Required) before it connects to ${plain.url}. Type them under "A proxy I give" in Network settings (the status line's "Network…").`,
    );
    expect(guarded.refused).toContain(hostOf(plain.url));
  });

  test('with the wrong ones: refused, in words that say so', async () => {
    const error = await through({ ...signIn, password: 'wrong' }).catch((failure: unknown) => failure);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', extra: { proxyAuth: 'refused' } });
    expect((error as Error).message).toContain(`The proxy at ${guarded.url} refused the user name and password (407 Proxy Authentication Required)`);
    expect((error as Error).message).not.toContain('wrong');
  });

  test('with the right ones: signed in with HTTP Basic, and through', async () => {
    guarded.requests.splice(0);
    const { value } = await through(signIn);
    expect(value.realm_url).toBe(plain.url);
    expect(guarded.requests).toEqual([hostOf(plain.url)]);
  });
});

test('a file upload (multipart) goes through undici too', async () => {
  const stack = await stackWith({ mode: 'manual', proxyUrl: proxy.url, bypass: '<-loopback>' });
  const keyReply = await clientOf(stack, plain.url).call(fetchApiKey, { username: 'olivia@sandbox.test', password: 'sandbox' });
  const client = new ApiClient({ realmUrl: plain.url, credentials: { email: 'olivia@sandbox.test', apiKey: keyReply.value.api_key }, fetch: stack.fetchFor(plain.url, DEFAULT_TRUST) });
  const { value } = await client.upload({ name: 'notes.txt', type: 'text/plain', bytes: new TextEncoder().encode('hello') });
  expect(value.url).toMatch(/notes\.txt$/);
});
