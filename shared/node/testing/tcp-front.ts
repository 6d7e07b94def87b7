// The connection side of the test proxy (fault-proxy.ts): a TCP listener in front of it that can cut
// the network (every connection dropped, new ones refused) and bring it back, as a laptop leaving and
// rejoining Wi-Fi would; hold replies back (the server acted, the client does not know yet); and give
// new connections a fault (latency, a throttled link, a reset after some bytes, a black hole).
import net from 'node:net';
import { PassThrough, Transform, type TransformCallback } from 'node:stream';
import type { ConnectionFault } from './faults';

export interface TcpFront {
  readonly port: number;
  /** Drops every open connection and refuses new ones (ECONNREFUSED) until `restore`. */
  cut(): void;
  /**
   * Requests still reach the server, but its replies wait here until `restore` (or are lost with
   * `cut`): the server has acted, and the client does not know yet, as when it dies mid-request.
   */
  holdReplies(): void;
  restore(): void;
  /** New connections get `fault` (the next `times` of them, or all) until the returned function is called. */
  faultConnections(fault: ConnectionFault, times?: number): { readonly hits: number; remove(): void };
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket | null;
  /** Where the server's bytes go on their way to the client (through the fault, if any). */
  down: PassThrough;
}

export async function startTcpFront(targetPort: number, onFault: () => void = () => undefined, listenHost = '127.0.0.1'): Promise<TcpFront> {
  const pairs = new Set<Pair>();
  const faults: { fault: ConnectionFault; left: number; hits: number }[] = [];
  let cut = false;
  let holding = false;

  const server = net.createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const rule = faults.find((candidate) => candidate.left > 0);
    if (rule) {
      rule.left--;
      rule.hits++;
      onFault();
    }
    const fault = rule?.fault ?? null;
    const down = new PassThrough();
    const pair: Pair = { client, upstream: null, down };
    pairs.add(pair);
    const destroy = () => {
      client.destroy();
      pair.upstream?.destroy();
    };
    client.on('error', destroy);
    client.on('close', () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    if (fault?.kind === 'blackhole') {
      client.resume();
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    pair.upstream = upstream;
    // A reset behind the front is a reset in front of it, as the client would see it on a real network.
    upstream.on('error', () => client.resetAndDestroy());
    // The server's end of the connection reaches the client through the pipes, after what they still hold.
    const up = fault?.kind === 'latency' ? delayed(fault.ms) : new PassThrough();
    client.pipe(up).pipe(upstream);
    const shaping = faultStream(fault, () => {
      client.resetAndDestroy();
      upstream.destroy();
    });
    down.pipe(shaping).pipe(client);
    if (!holding) upstream.pipe(down);
  });
  await new Promise<void>((resolve) => server.listen(0, listenHost, resolve));
  const { port } = server.address() as net.AddressInfo;

  const destroyAll = () => {
    for (const { client, upstream } of pairs) {
      client.destroy();
      upstream?.destroy();
    }
  };
  return {
    port,
    cut() {
      // The listener goes too, so a new connection is refused as by a server that is down
      // (ECONNREFUSED: the client knows nothing was sent), not accepted and dropped (which
      // leaves the client unsure whether the server acted).
      if (!cut) server.close();
      cut = true;
      destroyAll();
    },
    holdReplies() {
      holding = true;
      for (const { upstream, down } of pairs) upstream?.unpipe(down);
    },
    restore() {
      // An IP address binds at once: a connection right after `restore` is accepted.
      if (cut) server.listen(port, listenHost);
      cut = false;
      if (holding) for (const { upstream, down } of pairs) upstream?.pipe(down);
      holding = false;
    },
    faultConnections(fault, times = Infinity) {
      const rule = { fault, left: times, hits: 0 };
      faults.push(rule);
      return {
        get hits() {
          return rule.hits;
        },
        remove() {
          rule.left = 0;
        },
      };
    },
    async close() {
      destroyAll();
      if (cut) return;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The server-to-client leg for a connection fault (latency also slows the other leg, set up apart). */
function faultStream(fault: ConnectionFault | null, reset: () => void): Transform {
  switch (fault?.kind) {
    case 'latency':
      return delayed(fault.ms);
    case 'throttle':
      return throttled(fault.bytesPerSecond);
    case 'reset':
      return resetAfter(fault.afterBytes, reset);
    default:
      return new PassThrough();
  }
}

/** Each chunk passes after `ms`, in order. */
function delayed(ms: number): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      setTimeout(() => done(null, chunk), ms);
    },
  });
}

/** Chunks are cut into twentieths of a second's allowance, one every 50 ms. */
function throttled(bytesPerSecond: number): Transform {
  const slice = Math.max(1, Math.floor(bytesPerSecond / 20));
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      let offset = 0;
      const next = () => {
        this.push(chunk.subarray(offset, offset + slice));
        offset += slice;
        if (offset >= chunk.length) done();
        else setTimeout(next, 50);
      };
      next();
    },
  });
}

/** Lets `limit` bytes through, then resets the connection. */
function resetAfter(limit: number, reset: () => void): Transform {
  let passed = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      const room = limit - passed;
      passed += chunk.length;
      if (room > chunk.length) return done(null, chunk);
      if (room > 0) this.push(chunk.subarray(0, room));
      // After the bytes above are handed to the socket.
      setImmediate(reset);
      done();
    },
  });
}
