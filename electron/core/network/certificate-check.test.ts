// The Electron certificate verify procedure's decisions, on certificates openssl made: only what
// Chromium refused for its authority alone is accepted, and only on a chain to the realm's own CA.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { makeTestCertificates } from '../../../shared/node/testing/test-certificates';
import { ACCEPT, certificateVerdict, REJECT, USE_CHROMIUM } from './certificate-check';

const dir = mkdtempSync(path.join(tmpdir(), 'cert-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const company = makeTestCertificates(dir, { prefix: 'company', dnsNames: ['chat.example.com'], ipAddresses: ['127.0.0.1'] });
const other = makeTestCertificates(dir, { prefix: 'other' });
const self = makeTestCertificates(dir, { prefix: 'self', selfSigned: true, dnsNames: ['chat.example.com'] });
const leaf = (certs: { certFile: string }) => ({ data: readFileSync(certs.certFile, 'utf8') });
const AUTHORITY_INVALID = 'net::ERR_CERT_AUTHORITY_INVALID';
const checked = { caPem: null, unchecked: false };

describe('with the realm\'s own certificate authority', () => {
  const trust = { caPem: company.caPem, unchecked: false };

  test("a server certificate it signed, for the host asked, is accepted where Chromium's store did not know it", () => {
    expect(certificateVerdict({ hostname: 'chat.example.com', certificate: leaf(company), verificationResult: AUTHORITY_INVALID }, trust)).toBe(ACCEPT);
    expect(certificateVerdict({ hostname: '127.0.0.1', certificate: leaf(company), verificationResult: AUTHORITY_INVALID }, trust)).toBe(ACCEPT);
  });

  test('a certificate for another host is left to Chromium (which refuses it)', () => {
    expect(certificateVerdict({ hostname: 'evil.example.com', certificate: leaf(company), verificationResult: AUTHORITY_INVALID }, trust)).toBe(USE_CHROMIUM);
  });

  test("another authority's certificate is left to Chromium", () => {
    expect(certificateVerdict({ hostname: 'localhost', certificate: leaf(other), verificationResult: AUTHORITY_INVALID }, trust)).toBe(USE_CHROMIUM);
  });

  test('a chain sent with the server certificate is followed to the authority', () => {
    const certificate = { ...leaf(company), issuerCert: { data: company.caPem } };
    expect(certificateVerdict({ hostname: 'chat.example.com', certificate, verificationResult: AUTHORITY_INVALID }, trust)).toBe(ACCEPT);
  });

  test('a problem other than the authority (an expired or revoked certificate) stays Chromium\'s', () => {
    expect(certificateVerdict({ hostname: 'chat.example.com', certificate: leaf(company), verificationResult: 'net::ERR_CERT_DATE_INVALID' }, trust)).toBe(USE_CHROMIUM);
  });

  test('out of date by the clock, it is not accepted', () => {
    const later = new Date(Date.now() + 30 * 86_400_000);
    expect(certificateVerdict({ hostname: 'chat.example.com', certificate: leaf(company), verificationResult: AUTHORITY_INVALID }, trust, later)).toBe(USE_CHROMIUM);
  });

  test('a certificate that cannot be read is rejected', () => {
    expect(certificateVerdict({ hostname: 'chat.example.com', certificate: { data: 'garbage' }, verificationResult: AUTHORITY_INVALID }, trust)).toBe(REJECT);
  });
});

test("a server's own self-signed certificate, chosen as the authority, is trusted exactly", () => {
  expect(certificateVerdict({ hostname: 'chat.example.com', certificate: leaf(self), verificationResult: AUTHORITY_INVALID }, { caPem: self.caPem, unchecked: false })).toBe(ACCEPT);
});

test('with the consent to not checking, anything is accepted for that realm', () => {
  expect(certificateVerdict({ hostname: 'anything', certificate: leaf(other), verificationResult: 'net::ERR_CERT_COMMON_NAME_INVALID' }, { caPem: null, unchecked: true })).toBe(ACCEPT);
});

test('without anything extra, or when Chromium accepted, Chromium decides', () => {
  expect(certificateVerdict({ hostname: 'chat.example.com', certificate: leaf(company), verificationResult: AUTHORITY_INVALID }, checked)).toBe(USE_CHROMIUM);
  expect(certificateVerdict({ hostname: 'chat.example.com', certificate: leaf(company), verificationResult: 'net::OK' }, { caPem: other.caPem, unchecked: false })).toBe(USE_CHROMIUM);
});
