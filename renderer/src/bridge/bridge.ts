// The renderer's only way to the core: the bridge the preload exposes in the Electron window, or, in
// browser mode, a WebSocket to the browser host that served the page.
import { BRIDGE_GLOBAL, type Bridge, type ChannelInput, type ChannelName, type ChannelOutput, type IpcError } from '../../../shared/ipc';
import { bridgeUrl, createWebSocketBridge } from './websocket-bridge';

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
  msg: 'Not connected to the Realm Console core: this page shows the app shell only. Open Realm Console as a desktop app, or run `npm start` and open the address it prints, to reach a realm.',
};

/**
 * The browser host (electron/browser-host.ts) adds this meta tag to the page it serves, naming the
 * bridge's path. Without it (Electron's window, or a plain static server) there is no socket to open.
 */
export const HOST_META_NAME = 'realm-console-host';

let browserBridge: Bridge | null = null;
const reconnectListeners = new Set<() => void>();

export function getBridge(): Bridge | null {
  const preload = window[BRIDGE_GLOBAL];
  if (preload) return preload;
  if (!browserBridge) {
    const path = document.querySelector<HTMLMetaElement>(`meta[name="${HOST_META_NAME}"]`)?.content;
    if (!path) return null;
    browserBridge = createWebSocketBridge({
      url: bridgeUrl(window.location, path),
      onReconnect: () => reconnectListeners.forEach((listener) => listener()),
    });
  }
  return browserBridge;
}

/**
 * Called when browser mode's connection comes back after a drop: pushes sent meanwhile were lost, so
 * cached data should be reread. The preload's bridge never drops, so it never calls.
 */
export function onBridgeReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => {
    reconnectListeners.delete(listener);
  };
}

/** Calls a contract channel and returns its value, or throws a BridgeError with the typed error. */
export async function call<K extends ChannelName>(name: K, input: ChannelInput<K>): Promise<ChannelOutput<K>> {
  const bridge = getBridge();
  if (!bridge) throw new BridgeError(NO_BRIDGE);
  const result = await bridge.call(name, input);
  if (!result.ok) throw new BridgeError(result.error);
  return result.value;
}
