import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { makeTestCertificates } from '../../../shared/node/testing/test-certificates';
import { readCaBundle } from './ca-bundle';

const dir = mkdtempSync(path.join(tmpdir(), 'ca-bundle-'));
const certs = makeTestCertificates(dir, { prefix: 'ca' });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readCaBundle', () => {
  test("an organization's CA: its certificate, named by its common name", () => {
    const bundle = readCaBundle(certs.caPem, 'company-ca.pem');
    expect(bundle.names).toEqual(['Realm Console Test CA ca']);
    expect(bundle.pem).toBe(certs.caPem);
  });

  test('several certificates (a root and an intermediate) are all kept, text around them dropped', () => {
    const server = readFileSync(certs.certFile, 'utf8');
    const bundle = readCaBundle(`# our roots\n${certs.caPem}\nsome note\n${server}`, 'bundle.pem');
    expect(bundle.names).toEqual(['Realm Console Test CA ca', 'localhost']);
    expect(bundle.pem).not.toContain('note');
  });

  test.each([
    ['a private key', () => readFileSync(certs.keyFile, 'utf8'), 'holds a private key, not a certificate'],
    ['a DER file', () => '0\u0082\u0003\u00a0binary', 'is not a PEM file: it may be a binary (DER) certificate'],
    ['a text file', () => 'hello', 'is not a certificate: a certificate authority\'s file is text with a BEGIN CERTIFICATE line'],
    ['a damaged certificate', () => '-----BEGIN CERTIFICATE-----\nnot base64 at all\n-----END CERTIFICATE-----', 'has a certificate that cannot be read'],
  ])('%s is refused in words', (_name, contents, words) => {
    expect(() => readCaBundle(contents(), 'chosen.pem')).toThrow(expect.objectContaining({ code: 'INVALID_CA_FILE', extra: { field: 'caFile' }, message: expect.stringContaining(words) }));
  });

  test('an expired certificate is refused, with its date', () => {
    expect(() => readCaBundle(certs.caPem, 'old.pem', new Date(Date.now() + 10 * 86_400_000))).toThrow(/"Realm Console Test CA ca" in old.pem expired on \d{4}-\d{2}-\d{2}/);
  });

  test('a file over 256 KB is refused before reading it', () => {
    expect(() => readCaBundle('x'.repeat(300 * 1024), 'huge.pem')).toThrow(/larger than 256 KB/);
  });
});
