import { describe, expect, test } from 'vitest';
import type { NetworkSettings } from '../../../shared/ipc';
import { checkNetworkSettings, splitProxyCredentials } from './network-settings';

const base: NetworkSettings = { mode: 'manual', proxyUrl: '', proxyUsername: '', bypass: '', pacUrl: '' };

function refusal(settings: NetworkSettings) {
  try {
    checkNetworkSettings(settings);
  } catch (error) {
    return error as { code: string; message: string; extra: Record<string, unknown> };
  }
  throw new Error('accepted');
}

describe('a manual proxy', () => {
  test('host:port means http://, and the address is tidied to scheme://host:port', () => {
    expect(checkNetworkSettings({ ...base, proxyUrl: ' proxy.example.com:3128 ' }).proxyUrl).toBe('http://proxy.example.com:3128');
    expect(checkNetworkSettings({ ...base, proxyUrl: 'HTTPS://Proxy.Example.com:8443/' }).proxyUrl).toBe('https://proxy.example.com:8443');
  });

  test.each([
    ['', 'Type the proxy\'s address'],
    ['socks5://proxy:1080', 'is a socks5 proxy; Realm Console uses HTTP and HTTPS proxies'],
    ['http://me:pw@proxy:3128', "Type the proxy's user name and password in their own fields"],
    ['http://proxy:3128/path', 'has a path'],
    ['http://pro xy:3128', 'is not a proxy address'],
  ])('%j is refused in words on its field', (proxyUrl, words) => {
    const error = refusal({ ...base, proxyUrl });
    expect(error).toMatchObject({ code: 'INVALID_INPUT', extra: { field: 'proxyUrl' } });
    expect(error.message).toContain(words);
  });

  test('a user name and password typed in the address move to their own fields, decoded', () => {
    expect(splitProxyCredentials({ ...base, proxyUrl: 'ada%40corp:p%3Ass@proxy:3128', proxyPassword: 'ignored' })).toEqual({
      settings: { ...base, proxyUrl: 'http://proxy:3128/', proxyUsername: 'ada@corp' },
      password: 'p:ss',
    });
    expect(splitProxyCredentials({ ...base, proxyUrl: 'proxy:3128', proxyUsername: 'ada', proxyPassword: 'typed' })).toEqual({ settings: { ...base, proxyUrl: 'proxy:3128', proxyUsername: 'ada' }, password: 'typed' });
  });

  test('a user name HTTP Basic cannot carry is refused on its field', () => {
    expect(refusal({ ...base, proxyUrl: 'proxy:3128', proxyUsername: 'ada:corp' })).toMatchObject({ code: 'INVALID_INPUT', extra: { field: 'proxyUsername' } });
  });

  test('its bypass list is checked too, on its own field', () => {
    expect(refusal({ ...base, proxyUrl: 'proxy:3128', bypass: '10.0.0.0/40' })).toMatchObject({ extra: { field: 'bypass' } });
  });
});

describe('a PAC address', () => {
  test('http, https and file addresses are accepted', () => {
    expect(checkNetworkSettings({ ...base, mode: 'pac', pacUrl: 'http://wpad.example.com/wpad.dat' }).pacUrl).toBe('http://wpad.example.com/wpad.dat');
    expect(checkNetworkSettings({ ...base, mode: 'pac', pacUrl: 'file:///etc/proxy.pac' }).pacUrl).toBe('file:///etc/proxy.pac');
  });

  test.each([
    ['', 'Type the address of the proxy auto-configuration (PAC) file'],
    ['wpad.dat', 'is not an address'],
    ['ftp://wpad/wpad.dat', 'is a ftp: address'],
  ])('%j is refused in words', (pacUrl, words) => {
    const error = refusal({ ...base, mode: 'pac', pacUrl });
    expect(error).toMatchObject({ code: 'INVALID_INPUT', extra: { field: 'pacUrl' } });
    expect(error.message).toContain(words);
  });
});

test('the other modes keep what was typed for the others, unchecked', () => {
  const typed = { mode: 'system' as const, proxyUrl: 'half typed', proxyUsername: 'a:b', bypass: 'x y', pacUrl: 'nope' };
  expect(checkNetworkSettings(typed)).toEqual(typed);
});
