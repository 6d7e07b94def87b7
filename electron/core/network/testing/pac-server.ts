// A proxy auto-configuration file served on loopback for tests, as a network's wpad server serves
// one: its script can be changed between reads, and it counts how often it was read.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PacServer {
  /** The PAC file's address. */
  readonly url: string;
  /** How many times the file was read. */
  readonly reads: () => number;
  /** What the file says from now on; `status` other than 200 serves an error page. */
  serve(script: string, status?: number): void;
  close(): Promise<void>;
}

export async function startPacServer(script: string): Promise<PacServer> {
  let body = script;
  let status = 200;
  let reads = 0;
  const server = createServer((_request, response) => {
    reads += 1;
    response.writeHead(status, { 'Content-Type': 'application/x-ns-proxy-autoconfig' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/proxy.pac`,
    reads: () => reads,
    serve(next, nextStatus = 200) {
      body = next;
      status = nextStatus;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A PAC script whose FindProxyForURL answers `routes` ("PROXY host:port; DIRECT") for every request. */
export function pacScript(routes: string): string {
  return `function FindProxyForURL(url, host) {\n  return ${JSON.stringify(routes)};\n}\n`;
}
