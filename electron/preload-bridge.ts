// The preload's logic, kept apart from preload.ts so it can be tested without Electron: it builds the
// bridge from an ipcRenderer-like object and exposes exactly `call` and `subscribe`.
import {
  BRIDGE_GLOBAL,
  CONSOLE_ERROR_CODES,
  IPC_CALL,
  IPC_PUSH,
  isChannelName,
  type Bridge,
  type IpcResult,
  type Push,
} from '../shared/ipc';

export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
}

export interface ContextBridgeLike {
  exposeInMainWorld(key: string, api: unknown): void;
}

export function createBridge(ipc: IpcRendererLike): Bridge {
  return {
    call(name, input) {
      // Names outside the contract never reach main: the page cannot probe other IPC channels.
      if (!isChannelName(name)) {
        const refused: IpcResult<never> = {
          ok: false,
          error: { code: CONSOLE_ERROR_CODES.UNKNOWN_CHANNEL, msg: `There is no console channel named ${String(name)}.` },
        };
        return Promise.resolve(refused);
      }
      // Main's router validates the reply against the contract before sending it.
      return ipc.invoke(IPC_CALL, name, input) as Promise<never>;
    },
    subscribe(listener) {
      const forward = (_event: unknown, payload: unknown) => listener(payload as Push);
      ipc.on(IPC_PUSH, forward);
      return () => {
        ipc.removeListener(IPC_PUSH, forward);
      };
    },
  };
}

export function exposeBridge(contextBridge: ContextBridgeLike, ipc: IpcRendererLike): void {
  contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, createBridge(ipc));
}
