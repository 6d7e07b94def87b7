// A real HTTP proxy on loopback for tests (the `proxy` package: CONNECT tunnels and plain forwarding),
// counting what went through it, and able to stop and start again on its port like a proxy service.
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createProxy } from 'proxy';

export interface TestProxy {
  readonly url: string;
  /** The hosts asked for through the proxy ("127.0.0.1:9991"), in order. */
  readonly requests: string[];
  /** Stops listening and drops every connection: the proxy is down. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestProxy(): Promise<TestProxy> {
  const requests: string[] = [];
  let port = 0;
  let server: Server | null = null;
  const sockets = new Set<Socket>();
  const listen = async () => {
    const proxy = createProxy(createServer());
    proxy.on('connect', (request: { url?: string }) => requests.push(request.url ?? ''));
    proxy.on('request', (request: { url?: string }) => requests.push(new URL(request.url ?? '', 'http://x').host));
    proxy.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
    port = (proxy.address() as AddressInfo).port;
    server = proxy;
  };
  const stop = async () => {
    const running = server;
    server = null;
    if (!running) return;
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => running.close(() => resolve()));
  };
  await listen();
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop,
    start: listen,
    close: stop,
  };
}
