// A TCP proxy between the console and the sandbox, so a test can cut the network (every connection
// dropped, new ones refused) and bring it back, as a laptop leaving and rejoining Wi-Fi would.
import net from 'node:net';

export interface TcpProxy {
  readonly url: string;
  /** Drops every open connection and refuses new ones until `restore`. */
  cut(): void;
  /**
   * Requests still reach the server, but its replies wait here until `restore` (or are lost with
   * `cut`): the server has acted, and the console does not know yet, as when it dies mid-request.
   */
  holdReplies(): void;
  restore(): void;
  close(): Promise<void>;
}

/** `listenHost`: where it listens, 127.0.0.1 unless a test needs an address on the network (a LAN server). */
export async function startTcpProxy(targetPort: number, listenHost = '127.0.0.1'): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  /** Each connection's two ends, so replies can be held back and let through again. */
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  let cut = false;
  let holding = false;
  const server = net.createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    if (!holding) upstream.pipe(client);
    const pair = { client, upstream };
    pairs.add(pair);
    client.on('close', () => pairs.delete(pair));
  });
  await new Promise<void>((resolve) => server.listen(0, listenHost, resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://${listenHost}:${address.port}`,
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    holdReplies() {
      holding = true;
      for (const { client, upstream } of pairs) upstream.unpipe(client);
    },
    restore() {
      cut = false;
      if (holding) for (const { client, upstream } of pairs) upstream.pipe(client);
      holding = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
