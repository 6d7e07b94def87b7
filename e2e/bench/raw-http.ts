// The fan-out bench's client (e2e/bench/event-fanout.ts): kept-open HTTP/1.1 connections on plain
// sockets, each reading its replies with the least work a client can do: find the end of the headers,
// read Content-Length, wait for that many bytes, note the time; the body is decoded only when asked,
// after the timed window. One process reads 10,000 replies at once there, and undici's parser, the
// lightest of Node's clients, took about as long to read them as node:http took to send them: the
// bare server's p99 at 10,000 polls was 414–525 ms with undici and about 200 ms with this.
import net from 'node:net';
import { performance } from 'node:perf_hooks';

/** One HTTP exchange: the status, the body, and when its last byte had arrived. */
export interface Exchange {
  status: number;
  endedAt: number;
  /** The body as text (decoded on demand, after timing). */
  text(): string;
}

const HEADER_END = Buffer.from('\r\n\r\n');

interface Pending {
  resolve: (exchange: Exchange) => void;
  reject: (error: Error) => void;
}

export class RawConnection {
  private chunks: Buffer[] = [];
  private pending: Pending | null = null;

  private constructor(private readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.received(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('the server closed the connection before replying')));
  }

  static open(url: string): Promise<RawConnection> {
    const { hostname, port } = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => {
        socket.off('error', reject);
        resolve(new RawConnection(socket));
      });
      socket.once('error', reject);
    });
  }

  /** Opens `count` connections, `batch` at a time, so thousands at once do not overflow the listen backlog. */
  static async openMany(url: string, count: number, batch = 250): Promise<RawConnection[]> {
    const opened: RawConnection[] = [];
    for (let start = 0; start < count; start += batch) {
      opened.push(...(await Promise.all(Array.from({ length: Math.min(batch, count - start) }, () => RawConnection.open(url)))));
    }
    return opened;
  }

  /** Sends one request and resolves to its reply; one at a time per connection, as a long-polling client does. */
  request(method: 'GET' | 'POST', path: string, headers: Record<string, string> = {}, body = ''): Promise<Exchange> {
    if (this.pending) return Promise.reject(new Error('a request is already waiting on this connection'));
    const lines = [`${method} ${path} HTTP/1.1`, 'host: 127.0.0.1', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
    if (method === 'POST') lines.push(`content-length: ${String(Buffer.byteLength(body))}`);
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private received(chunk: Buffer): void {
    this.chunks.push(chunk);
    const data = this.chunks.length === 1 ? chunk : Buffer.concat(this.chunks);
    const headerEnd = data.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = data.toString('latin1', 0, headerEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    if (length === undefined) return this.fail(new Error(`a reply without Content-Length (this client reads no other): ${head.slice(0, 200)}`));
    const bodyStart = headerEnd + HEADER_END.length;
    if (data.length < bodyStart + Number(length)) {
      this.chunks = [data];
      return;
    }
    const endedAt = performance.now();
    this.chunks = [];
    const pending = this.pending;
    this.pending = null;
    const body = data.subarray(bodyStart, bodyStart + Number(length));
    pending?.resolve({ status: Number(head.slice(9, 12)), endedAt, text: () => body.toString('utf8') });
  }

  private fail(error: Error): void {
    const pending = this.pending;
    this.pending = null;
    pending?.reject(error);
  }
}
