// Which proxy a request takes under Node: the manual one, or in the system mode the environment's.
import { describe, expect, test } from 'vitest';
import type { NetworkSettings } from '../../../shared/ipc';
import { proxyEnvironment, proxyLabel, ProxyRouting } from './proxy-routing';

const settings = (mode: NetworkSettings['mode'], extra: Partial<NetworkSettings> = {}): NetworkSettings => ({ mode, proxyUrl: '', proxyUsername: '', bypass: '', pacUrl: '', ...extra });
const route = (s: NetworkSettings, env: Record<string, string>, url: string) => new ProxyRouting(s, env).proxyFor(new URL(url));

describe('system settings under Node: the proxy environment variables', () => {
  const env = { HTTPS_PROXY: 'http://secure-proxy:3128', HTTP_PROXY: 'http://plain-proxy:3128', NO_PROXY: 'internal.example.com,.corp.example, 10.1.2.3:9991' };

  test('https takes HTTPS_PROXY, http takes HTTP_PROXY', () => {
    expect(route(settings('system'), env, 'https://chat.example.com')).toBe('http://secure-proxy:3128');
    expect(route(settings('system'), env, 'http://chat.example.com')).toBe('http://plain-proxy:3128');
  });

  test('lower-case variables win, and https falls back to HTTP_PROXY', () => {
    expect(route(settings('system'), { https_proxy: 'http://lower:1', HTTPS_PROXY: 'http://upper:1' }, 'https://x.example')).toBe('http://lower:1');
    expect(route(settings('system'), { HTTP_PROXY: 'http://plain:1' }, 'https://x.example')).toBe('http://plain:1');
  });

  test('NO_PROXY: a host and its subdomains, a leading dot, a port', () => {
    expect(route(settings('system'), env, 'https://internal.example.com')).toBeNull();
    expect(route(settings('system'), env, 'https://chat.internal.example.com')).toBeNull();
    expect(route(settings('system'), env, 'https://a.corp.example')).toBeNull();
    expect(route(settings('system'), env, 'http://10.1.2.3:9991')).toBeNull();
    expect(route(settings('system'), env, 'http://10.1.2.3:80')).toBe('http://plain-proxy:3128');
    expect(route(settings('system'), { ...env, NO_PROXY: '*' }, 'https://chat.example.com')).toBeNull();
  });

  test('no variables: directly; this computer: always directly', () => {
    expect(route(settings('system'), {}, 'https://chat.example.com')).toBeNull();
    expect(route(settings('system'), env, 'http://127.0.0.1:9991')).toBeNull();
  });
});

test('no proxy: always directly', () => {
  expect(route(settings('none'), { HTTPS_PROXY: 'http://p:1' }, 'https://chat.example.com')).toBeNull();
});

test('a manual proxy, around its bypass list', () => {
  const manual = settings('manual', { proxyUrl: 'http://proxy.example:3128', bypass: '*.internal.example\n<-loopback>' });
  expect(route(manual, {}, 'https://chat.example.com')).toBe('http://proxy.example:3128');
  expect(route(manual, {}, 'https://chat.internal.example')).toBeNull();
  expect(route(manual, {}, 'http://127.0.0.1:9991')).toBe('http://proxy.example:3128');
});

test('the environment for the diagnostics leaves credentials out', () => {
  expect(proxyEnvironment({ HTTPS_PROXY: 'http://me:secret@proxy:3128', NO_PROXY: 'localhost' })).toEqual({
    httpsProxy: 'http://proxy:3128 (with a user name and password)',
    httpProxy: null,
    noProxy: 'localhost',
  });
  expect(proxyLabel('http://proxy:3128')).toBe('http://proxy:3128');
});
