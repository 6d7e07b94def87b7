// The surface the preload exposes to the renderer (and browser mode imitates): `call` for contract
// channels and `subscribe` for pushes. Nothing else crosses into the page.
import type { ChannelInput, ChannelName, ChannelOutput } from './contract';
import type { Push } from './push';
import type { IpcResult } from './result';

/** The global name the preload exposes the bridge under. */
export const BRIDGE_GLOBAL = 'realmConsole';
/** Electron IPC channel names the bridge travels on. */
export const IPC_CALL = 'realm-console:call';
export const IPC_PUSH = 'realm-console:push';

/**
 * The largest call browser mode's socket carries (its frames are JSON). The contract's largest input,
 * an invitation campaign of 100,000 addresses, is about 6 MB with addresses of a usual length and under
 * 50 MB at the contract's longest (254-character addresses, 200-character names); larger frames close
 * the socket, so the page refuses them first with words (renderer/src/bridge/websocket-bridge.ts).
 */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024;

export interface Bridge {
  call<K extends ChannelName>(name: K, input: ChannelInput<K>): Promise<IpcResult<ChannelOutput<K>>>;
  /** Returns a function that ends the subscription. */
  subscribe(listener: (push: Push) => void): () => void;
}
