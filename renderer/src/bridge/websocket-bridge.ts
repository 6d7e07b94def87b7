// Browser mode's bridge: the same `call` and `subscribe` the preload exposes, carried over the browser
// host's WebSocket (electron/browser-host.ts). Frames: `{ id, channel, input }` out; `{ id, result }`,
// `{ push }` and `{ error }` (a frame the host could not read) in. If the socket drops, it reconnects
// by itself; calls made meanwhile wait a while for it, and calls the drop cut off fail with
// NETWORK_ERROR, since the host may or may not have run them.
import {
  CONSOLE_ERROR_CODES,
  isChannelName,
  MAX_FRAME_BYTES,
  type Bridge,
  type IpcError,
  type IpcResult,
  type Push,
} from '../../../shared/ipc';

/** The part of the DOM's WebSocket the bridge uses, so tests can hand in their own. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface WebSocketBridgeOptions {
  /** ws://127.0.0.1:PORT/bridge */
  url: string;
  openSocket?: (url: string) => SocketLike;
  /** Waits between reconnection attempts; the last one repeats. */
  reconnectDelaysMs?: readonly number[];
  /** How long a call made while disconnected waits for the connection before it fails. */
  connectWaitMs?: number;
  /** Called when the connection comes back after a drop: pushes sent meanwhile were lost. */
  onReconnect?: () => void;
  /** The largest frame the host reads (default MAX_FRAME_BYTES, the host's own limit). */
  maxFrameBytes?: number;
}

export interface WebSocketBridge extends Bridge {
  /** Ends the bridge for good: no more reconnects, waiting calls fail. */
  close(): void;
}

const OPEN = 1;
const DEFAULT_DELAYS = [250, 500, 1000, 2000, 5000];

interface Waiting {
  frame: string;
  resolve: (result: IpcResult<never>) => void;
  timer: ReturnType<typeof setTimeout>;
}

export function createWebSocketBridge(options: WebSocketBridgeOptions): WebSocketBridge {
  const openSocket = options.openSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const delays = options.reconnectDelaysMs ?? DEFAULT_DELAYS;
  const connectWaitMs = options.connectWaitMs ?? 10_000;
  const maxFrameBytes = options.maxFrameBytes ?? MAX_FRAME_BYTES;
  const listeners = new Set<(push: Push) => void>();
  /** Sent, waiting for their answer. */
  const inFlight = new Map<number, (result: IpcResult<never>) => void>();
  /** Not sent yet: the socket was not open. */
  const waiting = new Map<number, Waiting>();
  let nextId = 1;
  let socket: SocketLike | null = null;
  let attempts = 0;
  let everOpened = false;
  let closed = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  const connect = () => {
    if (closed) return;
    const current = openSocket(options.url);
    socket = current;
    current.onopen = () => {
      attempts = 0;
      for (const [id, call] of waiting) {
        clearTimeout(call.timer);
        waiting.delete(id);
        inFlight.set(id, call.resolve);
        current.send(call.frame);
      }
      if (everOpened) options.onReconnect?.();
      everOpened = true;
    };
    current.onmessage = (event) => receive(event.data);
    // A failed attempt fires error then close; close alone decides what happens next.
    current.onerror = () => undefined;
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      for (const [id, resolve] of inFlight) {
        inFlight.delete(id);
        resolve(networkError('The connection to the console core was lost before it answered. Try again once the status line says it is back.'));
      }
      if (closed) return;
      const delay = delays[Math.min(attempts, delays.length - 1)] ?? 1000;
      attempts += 1;
      retryTimer = setTimeout(connect, delay);
    };
  };

  const receive = (data: unknown) => {
    let frame: { id?: unknown; result?: IpcResult<never>; push?: Push; error?: IpcError };
    try {
      frame = JSON.parse(String(data)) as typeof frame;
    } catch {
      return;
    }
    if (frame.push) {
      for (const listener of listeners) listener(frame.push);
    } else if (typeof frame.id === 'number' && frame.result) {
      const resolve = inFlight.get(frame.id);
      inFlight.delete(frame.id);
      resolve?.(frame.result);
    } else if (frame.error) {
      // The host could not read one of our frames; without an id there is no call to fail. It cannot
      // happen with this bridge's own frames, so it is a bug worth seeing in the console.
      console.error('[bridge] the browser host refused a frame:', frame.error.msg);
    }
  };

  connect();

  return {
    call(name, input) {
      if (!isChannelName(name)) {
        return Promise.resolve({ ok: false, error: { code: CONSOLE_ERROR_CODES.UNKNOWN_CHANNEL, msg: `There is no console channel named ${String(name)}.` } });
      }
      if (closed) return Promise.resolve(networkError('The connection to the console core was closed.'));
      const id = nextId++;
      const frame = JSON.stringify({ id, channel: name, input });
      // The host closes the socket on a larger frame, which would read as a lost connection; the
      // length in UTF-16 units is at most the UTF-8 bytes, so only a frame near the limit is measured.
      if (frame.length * 3 > maxFrameBytes && new TextEncoder().encode(frame).length > maxFrameBytes) {
        const mb = (bytes: number) => `${Math.ceil(bytes / (1024 * 1024))} MB`;
        return Promise.resolve({
          ok: false,
          error: { code: CONSOLE_ERROR_CODES.INVALID_INPUT, msg: `This request is too large to send (over ${mb(maxFrameBytes)}). Split it into smaller parts, such as a list of addresses in two.` },
        });
      }
      return new Promise((resolve) => {
        if (socket?.readyState === OPEN) {
          inFlight.set(id, resolve);
          socket.send(frame);
          return;
        }
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve(networkError(`Not connected to the console core: it did not answer for ${Math.round(connectWaitMs / 1000)} seconds. If you stopped \`npm start\`, run it again and open the address it prints.`));
        }, connectWaitMs);
        waiting.set(id, { frame, resolve, timer });
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      for (const [id, call] of waiting) {
        clearTimeout(call.timer);
        waiting.delete(id);
        call.resolve(networkError('The connection to the console core was closed.'));
      }
      socket?.close();
    },
  };
}

function networkError(msg: string): IpcResult<never> {
  return { ok: false, error: { code: CONSOLE_ERROR_CODES.NETWORK_ERROR, msg } };
}

/** The bridge's address for a page the host served: the same host and port, the path the host named. */
export function bridgeUrl(location: { protocol: string; host: string }, path: string): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path.startsWith('/') ? path : `/${path}`}`;
}
