// Why a request got no reply, in words: certificates, proxies, Chromium's and Node's codes alike.
import { describe, expect, test } from 'vitest';
import { networkError, viaProxy } from './network-error';

const REALM = 'https://chat.example.com';

function nodeFailure(cause: object): Error {
  return new TypeError('fetch failed', { cause });
}

describe('certificates', () => {
  test.each([
    ['SELF_SIGNED_CERT_IN_CHAIN', 'untrusted', 'its certificate is not signed by an authority this computer trusts'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'untrusted', 'its certificate is not signed by an authority this computer trusts'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'untrusted', 'its certificate is not signed by an authority this computer trusts'],
    ['CERT_HAS_EXPIRED', 'dates', 'its certificate has expired or is not valid yet'],
  ])('Node %s is a certificate problem (%s)', (code, certificate, words) => {
    const error = networkError(nodeFailure(Object.assign(new Error('x'), { code })), REALM, 'GET /users/me');
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', message: `Could not reach ${REALM} safely: ${words}.`, extra: { certificate, cause: code } });
  });

  test('a certificate for another name says which names it is for', () => {
    const tls = Object.assign(new Error("Hostname/IP does not match certificate's altnames"), {
      code: 'ERR_TLS_CERT_ALTNAME_INVALID',
      host: '127.0.0.2',
      cert: { subjectaltname: 'DNS:localhost, IP Address:127.0.0.1' },
    });
    expect(networkError(nodeFailure(tls), REALM, 'GET /users/me').message).toBe(
      `Could not reach ${REALM} safely: its certificate is for a different name (it is for localhost, 127.0.0.1, not 127.0.0.2).`,
    );
  });

  test("Chromium's net::ERR_CERT_AUTHORITY_INVALID (Electron's net.fetch) is the same problem", () => {
    expect(networkError(new Error('net::ERR_CERT_AUTHORITY_INVALID'), REALM, 'GET /users/me')).toMatchObject({
      extra: { certificate: 'untrusted', cause: 'ERR_CERT_AUTHORITY_INVALID' },
    });
  });
});

describe('proxies', () => {
  const PROXY = 'http://127.0.0.1:3128';

  test('a proxy that is down is named, not the realm', () => {
    const error = networkError(viaProxy(nodeFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })), PROXY), REALM, 'GET /users/me');
    expect(error.message).toBe(
      `Could not reach ${REALM} through the proxy ${PROXY}: the proxy refused the connection (is it running, on that port?). Check the proxy in Network settings (the status line's "Network…"), or ask your network's administrators.`,
    );
    expect(error.extra).toMatchObject({ proxy: PROXY, cause: 'ECONNREFUSED' });
  });

  test("a tunnel the proxy refused gives the proxy's status", () => {
    const refused = viaProxy(nodeFailure(Object.assign(new Error('Proxy response (502) !== 200 when HTTP Tunneling'), { code: 'UND_ERR_ABORTED' })), PROXY);
    expect(networkError(refused, REALM, 'GET /users/me').message).toContain('the proxy answered 502 when asked to connect to the server');
  });

  test('a proxy asking for a sign-in says so', () => {
    const refused = viaProxy(nodeFailure(Object.assign(new Error('Proxy response (407) !== 200 when HTTP Tunneling'), { code: 'UND_ERR_ABORTED' })), PROXY);
    expect(networkError(refused, REALM, 'GET /users/me').message).toContain('407 Proxy Authentication Required');
  });

  test("Chromium's proxy errors, with the system's proxy", () => {
    const error = networkError(viaProxy(new Error('net::ERR_PROXY_CONNECTION_FAILED'), 'set in the system settings'), REALM, 'GET /users/me');
    expect(error.message).toContain('through the proxy set in the system settings: the proxy could not be reached');
  });

  test('a certificate problem behind a proxy is still about the certificate', () => {
    const error = networkError(viaProxy(nodeFailure(Object.assign(new Error('x'), { code: 'SELF_SIGNED_CERT_IN_CHAIN' })), PROXY), REALM, 'GET /users/me');
    expect(error.extra).toMatchObject({ certificate: 'untrusted', proxy: PROXY });
    expect(error.message).toContain('safely');
  });
});

test('without a proxy, a refused connection is the realm\'s', () => {
  expect(networkError(nodeFailure(Object.assign(new Error('x'), { code: 'ECONNREFUSED' })), REALM, 'GET /users/me').message).toBe(
    `Could not reach ${REALM}: connection refused. Check the address and your network.`,
  );
  expect(networkError(new Error('net::ERR_NAME_NOT_RESOLVED'), REALM, 'GET /users/me').message).toBe(
    `Could not reach ${REALM}: no server has that name. Check the address and your network.`,
  );
});
