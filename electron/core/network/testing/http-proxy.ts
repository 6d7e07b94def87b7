// A real HTTP proxy on loopback for tests (the `proxy` package: CONNECT tunnels and plain forwarding),
// counting what went through it, and able to stop and start again on its port like a proxy service.
// Given a user name and password, it answers 407 to every request that does not sign in with them.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createProxy } from 'proxy';

export interface TestProxy {
  readonly url: string;
  /** The hosts asked for through the proxy ("127.0.0.1:9991"), in order, and let through. */
  readonly requests: string[];
  /** The hosts asked for without the right sign-in, answered 407. */
  readonly refused: string[];
  /** Stops listening and drops every connection: the proxy is down. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestProxy(options: { signIn?: { username: string; password: string } } = {}): Promise<TestProxy> {
  const requests: string[] = [];
  const refused: string[] = [];
  const expected = options.signIn ? `Basic ${Buffer.from(`${options.signIn.username}:${options.signIn.password}`).toString('base64')}` : null;
  // CONNECT asks for "host:port"; plain forwarding for a whole address.
  const hostOf = (request: IncomingMessage) => (request.method === 'CONNECT' ? (request.url ?? '') : new URL(request.url ?? '', 'http://x').host);
  let port = 0;
  let server: Server | null = null;
  const sockets = new Set<Socket>();
  const listen = async () => {
    const proxy = createProxy(createServer());
    proxy.authenticate = (request) => {
      const allowed = expected === null || request.headers['proxy-authorization'] === expected;
      (allowed ? requests : refused).push(hostOf(request));
      return allowed;
    };
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
    refused,
    stop,
    start: listen,
    close: stop,
  };
}
