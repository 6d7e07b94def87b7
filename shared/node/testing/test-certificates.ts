// Certificates for tests, made with the openssl command line: a private certificate authority and a
// server certificate it signed, a self-signed one, or one for another name. What a company's own CA,
// a test server's self-signed certificate and a misnamed server look like to the console.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface TestCertificates {
  /** The CA's certificate, PEM: what an administrator would choose on the Connect screen. */
  readonly caFile: string;
  readonly caPem: string;
  /** The server's certificate (signed by the CA) and key, for --tls-cert and --tls-key. */
  readonly certFile: string;
  readonly keyFile: string;
}

export interface CertificateOptions {
  /** DNS names and IP addresses the server certificate is for; default localhost and 127.0.0.1. */
  dnsNames?: string[];
  ipAddresses?: string[];
  /** The server certificate signs itself (no CA); caFile is then the certificate itself. */
  selfSigned?: boolean;
  /** A prefix for the files, so one folder can hold several sets. */
  prefix?: string;
}

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** Elliptic-curve keys: fast to make, and what current servers use. */
const KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];

export function makeTestCertificates(dir: string, options: CertificateOptions = {}): TestCertificates {
  const prefix = options.prefix ?? 'test';
  const file = (name: string) => path.join(dir, `${prefix}-${name}`);
  const names = options.dnsNames ?? ['localhost'];
  const ips = options.ipAddresses ?? ['127.0.0.1'];
  const altNames = [...names.map((name) => `DNS:${name}`), ...ips.map((ip) => `IP:${ip}`)].join(',');
  const subject = `/CN=${names[0] ?? ips[0] ?? 'server'}`;
  const serverExtensions = [`subjectAltName=${altNames}`, 'basicConstraints=CA:FALSE', 'keyUsage=critical,digitalSignature', 'extendedKeyUsage=serverAuth'];

  if (options.selfSigned) {
    openssl(['req', '-x509', ...KEY, '-keyout', file('server.key'), '-out', file('server.pem'), '-days', '3', '-subj', subject, ...serverExtensions.flatMap((ext) => ['-addext', ext])], dir);
    return { caFile: file('server.pem'), caPem: readFileSync(file('server.pem'), 'utf8'), certFile: file('server.pem'), keyFile: file('server.key') };
  }

  openssl(
    ['req', '-x509', ...KEY, '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '3', '-subj', `/CN=Realm Console Test CA ${prefix}`,
      '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'],
    dir,
  );
  openssl(['req', ...KEY, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', subject], dir);
  writeFileSync(file('server.ext'), `${serverExtensions.join('\n')}\n`);
  openssl(
    ['x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial', '-out', file('server.pem'), '-days', '2', '-extfile', file('server.ext')],
    dir,
  );
  return { caFile: file('ca.pem'), caPem: readFileSync(file('ca.pem'), 'utf8'), certFile: file('server.pem'), keyFile: file('server.key') };
}
