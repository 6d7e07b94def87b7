import { describe, expect, test, vi } from 'vitest';
import { BRIDGE_GLOBAL, IPC_CALL, IPC_PUSH, type Bridge, type Push } from '../shared/ipc';
import { createBridge, exposeBridge, type IpcRendererLike } from './preload-bridge';

function fakeIpc() {
  const listeners = new Map<string, Set<(event: unknown, payload: unknown) => void>>();
  const ipc = {
    invoke: vi.fn(async () => ({ ok: true, value: 'from main' })),
    on: vi.fn((channel: string, listener: (event: unknown, payload: unknown) => void) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)?.add(listener);
    }),
    removeListener: vi.fn((channel: string, listener: (event: unknown, payload: unknown) => void) => {
      listeners.get(channel)?.delete(listener);
    }),
    emit(channel: string, payload: unknown) {
      for (const listener of listeners.get(channel) ?? []) listener({}, payload);
    },
  };
  return ipc satisfies IpcRendererLike;
}

describe('preload bridge', () => {
  test('exposes exactly call and subscribe, under one global name', () => {
    const exposed: Record<string, unknown> = {};
    exposeBridge({ exposeInMainWorld: (key, api) => (exposed[key] = api) }, fakeIpc());
    expect(Object.keys(exposed)).toEqual([BRIDGE_GLOBAL]);
    expect(Object.keys(exposed[BRIDGE_GLOBAL] as object).sort()).toEqual(['call', 'subscribe']);
  });

  test('a contract channel is forwarded to main on the call channel', async () => {
    const ipc = fakeIpc();
    const result = await createBridge(ipc).call('app.info', {});
    expect(ipc.invoke).toHaveBeenCalledWith(IPC_CALL, 'app.info', {});
    expect(result).toEqual({ ok: true, value: 'from main' });
  });

  test('a name outside the contract is refused without reaching main', async () => {
    const ipc = fakeIpc();
    const bridge = createBridge(ipc) as unknown as { call(name: string, input: unknown): ReturnType<Bridge['call']> };
    const result = await bridge.call('realm-console:call', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    expect(ipc.invoke).not.toHaveBeenCalled();
  });

  test('pushes reach subscribers until they unsubscribe', () => {
    const ipc = fakeIpc();
    const received: Push[] = [];
    const unsubscribe = createBridge(ipc).subscribe((push) => received.push(push));
    const push: Push = { kind: 'realm.resynced', account: 'a1' };
    ipc.emit(IPC_PUSH, push);
    unsubscribe();
    ipc.emit(IPC_PUSH, push);
    expect(received).toEqual([push]);
  });
});
