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

export interface Bridge {
  call<K extends ChannelName>(name: K, input: ChannelInput<K>): Promise<IpcResult<ChannelOutput<K>>>;
  /** Returns a function that ends the subscription. */
  subscribe(listener: (push: Push) => void): () => void;
}
