// Handlers for the network.* channels: the app's proxy settings (network/network-service.ts).
import type { networkChannels } from '../../../shared/ipc/network';
import type { NetworkService } from '../network/network-service';
import type { Handlers } from '../router';

export interface NetworkContext {
  readonly network: NetworkService;
}

export const networkHandlers: Pick<Handlers<NetworkContext>, keyof typeof networkChannels> = {
  'network.get': (_input, ctx) => ctx.network.status(),
  'network.set': (settings, ctx) => ctx.network.set(settings),
};
