import { expect, test } from 'vitest';
import { electronProxyConfig, isProxyFailure, proxyInUse } from './electron-proxy';

const settings = { proxyUrl: 'http://proxy.example:3128', proxyUsername: '', bypass: '*.internal.example\n<-loopback>', pacUrl: 'http://wpad.example/wpad.dat' };

test('each mode as Electron\'s session.setProxy takes it', () => {
  expect(electronProxyConfig({ ...settings, mode: 'system' })).toEqual({ mode: 'system' });
  expect(electronProxyConfig({ ...settings, mode: 'none' })).toEqual({ mode: 'direct' });
  expect(electronProxyConfig({ ...settings, mode: 'manual' })).toEqual({ mode: 'fixed_servers', proxyRules: 'http://proxy.example:3128', proxyBypassRules: '*.internal.example,<-loopback>' });
  expect(electronProxyConfig({ ...settings, mode: 'pac' })).toEqual({ mode: 'pac_script', pacScript: 'http://wpad.example/wpad.dat' });
});

test('the proxy a failure is blamed on, in words', () => {
  expect(proxyInUse({ ...settings, mode: 'manual' })).toBe('http://proxy.example:3128');
  expect(proxyInUse({ ...settings, mode: 'system' })).toBe('set in the system settings');
  expect(proxyInUse({ ...settings, mode: 'pac' })).toBe('chosen by the PAC file http://wpad.example/wpad.dat');
  expect(proxyInUse({ ...settings, mode: 'none' })).toBeNull();
});

test("Chromium's proxy errors are told from the server's", () => {
  for (const code of ['ERR_PROXY_CONNECTION_FAILED', 'ERR_TUNNEL_CONNECTION_FAILED', 'ERR_PAC_SCRIPT_FAILED', 'ERR_MANDATORY_PROXY_CONFIGURATION_FAILED', 'ERR_PROXY_AUTH_UNSUPPORTED']) {
    expect(isProxyFailure(new Error(`net::${code}`))).toBe(true);
  }
  expect(isProxyFailure(new Error('net::ERR_CONNECTION_REFUSED'))).toBe(false);
});
