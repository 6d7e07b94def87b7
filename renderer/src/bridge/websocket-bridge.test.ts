// The browser-mode bridge against a scripted socket: renderer tests may not start the Node host (the
// import rules keep Node out of renderer/), so the host's side is played by hand here, frame by frame,
// and electron/browser-host.test.ts checks the host's side with a real socket.
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Push } from '../../../shared/ipc';
import { bridgeUrl, createWebSocketBridge, type SocketLike, type WebSocketBridge } from './websocket-bridge';

class ScriptedSocket implements SocketLike {
  readyState = 0;
  readonly sent: { id: number; channel: string; input: unknown }[] = [];
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;

  send(data: string) {
    this.sent.push(JSON.parse(data) as ScriptedSocket['sent'][number]);
  }
  close() {
    this.drop();
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

let bridge: WebSocketBridge | null = null;
let sockets: ScriptedSocket[] = [];

function start(options: { connectWaitMs?: number; onReconnect?: () => void; maxFrameBytes?: number } = {}) {
  bridge = createWebSocketBridge({
    url: 'ws://127.0.0.1:5555/bridge',
    openSocket: () => {
      const socket = new ScriptedSocket();
      sockets.push(socket);
      return socket;
    },
    reconnectDelaysMs: [100],
    ...options,
  });
  return bridge;
}

afterEach(() => {
  bridge?.close();
  bridge = null;
  sockets = [];
  vi.useRealTimers();
});

describe('browser-mode bridge', () => {
  test('a call larger than the host reads is refused with words, not sent (the host would close the socket)', async () => {
    const b = start({ maxFrameBytes: 2 * 1024 * 1024 });
    const socket = sockets[0]!;
    socket.open();
    const addresses = Array.from({ length: 50_000 }, (_, index) => ({ email: `person-${String(index)}@a-rather-long-domain.example.com`, name: null }));
    const result = await b.call('invites.check', { account: 'acc', addresses });
    expect(result).toEqual({ ok: false, error: { code: 'INVALID_INPUT', msg: 'This request is too large to send (over 2 MB). Split it into smaller parts, such as a list of addresses in two.' } });
    expect(socket.sent).toEqual([]);
  });

  test('a call is sent as { id, channel, input } and resolves with the envelope the host answers', async () => {
    const bridge = start();
    sockets[0]!.open();
    const reply = bridge.call('app.info', {});
    const sent = sockets[0]!.sent[0]!;
    expect(sent).toMatchObject({ channel: 'app.info', input: {} });
    sockets[0]!.receive({ id: sent.id, result: { ok: false, error: { code: 'BAD_REQUEST', msg: 'No', field: 'x' } } });
    expect(await reply).toEqual({ ok: false, error: { code: 'BAD_REQUEST', msg: 'No', field: 'x' } });
  });

  test('pushes reach every subscriber until it unsubscribes', () => {
    const bridge = start();
    sockets[0]!.open();
    const seen: Push[] = [];
    const stop = bridge.subscribe((push) => seen.push(push));
    sockets[0]!.receive({ push: { kind: 'accounts.changed' } });
    stop();
    sockets[0]!.receive({ push: { kind: 'realm.resynced', account: 'a' } });
    expect(seen).toEqual([{ kind: 'accounts.changed' }]);
  });

  test('a call made before the socket opens waits and is sent once it does', async () => {
    const bridge = start();
    const reply = bridge.call('app.info', {});
    expect(sockets[0]!.sent).toEqual([]);
    sockets[0]!.open();
    const sent = sockets[0]!.sent[0]!;
    sockets[0]!.receive({ id: sent.id, result: { ok: true, value: 'ready' } });
    expect(await reply).toEqual({ ok: true, value: 'ready' });
  });

  test('a call the connection drop cut off fails with NETWORK_ERROR, and the bridge reconnects by itself', async () => {
    vi.useFakeTimers();
    const onReconnect = vi.fn();
    const bridge = start({ onReconnect });
    sockets[0]!.open();
    const cutOff = bridge.call('app.info', {});
    sockets[0]!.drop();
    expect(await cutOff).toMatchObject({ ok: false, error: { code: 'NETWORK_ERROR', msg: expect.stringContaining('lost') } });
    await vi.advanceTimersByTimeAsync(100);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(onReconnect).toHaveBeenCalledOnce();
  });

  test('a call made while the core stays away fails after the wait, saying what to do', async () => {
    vi.useFakeTimers();
    const bridge = start({ connectWaitMs: 3000 });
    const reply = bridge.call('app.info', {});
    await vi.advanceTimersByTimeAsync(3000);
    expect(await reply).toMatchObject({ ok: false, error: { code: 'NETWORK_ERROR', msg: expect.stringContaining('npm start') } });
  });

  test('a name outside the contract never leaves the page', async () => {
    const bridge = start();
    sockets[0]!.open();
    const reply = await bridge.call('app.secrets' as 'app.info', {});
    expect(reply).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    expect(sockets[0]!.sent).toEqual([]);
  });

  test('the bridge address follows the page: same host and port, ws for http', () => {
    expect(bridgeUrl({ protocol: 'http:', host: '127.0.0.1:41234' }, '/bridge')).toBe('ws://127.0.0.1:41234/bridge');
  });
});
