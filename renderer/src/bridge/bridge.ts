// The renderer's only way to the core: the bridge the preload exposes (or browser mode provides).
import { BRIDGE_GLOBAL, type Bridge, type ChannelInput, type ChannelName, type ChannelOutput, type IpcError } from '../../../shared/ipc';

declare global {
  interface Window {
    [BRIDGE_GLOBAL]?: Bridge;
  }
}

/** A failed call, carrying the error envelope's code and extra fields for the screen to render. */
export class BridgeError extends Error {
  readonly code: string;
  readonly detail: IpcError;

  constructor(detail: IpcError) {
    super(detail.msg);
    this.name = 'BridgeError';
    this.code = detail.code;
    this.detail = detail;
  }
}

export const NO_BRIDGE: IpcError = {
  code: 'NO_BRIDGE',
  msg: 'Not connected to the Realm Console core: this page shows the app shell only. Open Realm Console as a desktop app to reach a realm.',
};

export function getBridge(): Bridge | null {
  return window[BRIDGE_GLOBAL] ?? null;
}

/** Calls a contract channel and returns its value, or throws a BridgeError with the typed error. */
export async function call<K extends ChannelName>(name: K, input: ChannelInput<K>): Promise<ChannelOutput<K>> {
  const bridge = getBridge();
  if (!bridge) throw new BridgeError(NO_BRIDGE);
  const result = await bridge.call(name, input);
  if (!result.ok) throw new BridgeError(result.error);
  return result.value;
}
