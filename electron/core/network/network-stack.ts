// What the core needs of a network stack, so it stays free of Electron: a fetch per realm that
// follows the app's proxy settings and that realm's trust. Electron's (net.fetch on the app's
// session: the system proxy and certificate store just work) is made in electron/platform/network.ts;
// Node's (undici, for browser mode, tests and tools) in node-network.ts.
import type { NetworkSettings } from '../../../shared/ipc';

/** How one realm's server certificate is judged, beyond the system's trust. */
export interface ConnectionTrust {
  /** Extra certificate authorities for this realm, PEM (checked by ca-bundle.ts). */
  readonly caPem: string | null;
  /** Do not check the certificate at all: the user agreed, for this realm only. */
  readonly unchecked: boolean;
}

export const DEFAULT_TRUST: ConnectionTrust = { caPem: null, unchecked: false };

/** The manual proxy's sign-in (HTTP Basic), kept sealed by network-service.ts and only ever handed to a stack. */
export interface ProxyCredentials {
  readonly username: string;
  readonly password: string;
}

export interface NetworkStack {
  readonly kind: 'electron' | 'node';
  /** The fetch for requests to one realm. */
  fetchFor(realmUrl: string, trust: ConnectionTrust): typeof globalThis.fetch;
  /**
   * Later requests follow these settings (already checked by network-settings.ts), the manual proxy
   * signed in to with `credentials`. Throws a ConsoleError for settings this stack cannot use (a PAC
   * file that cannot be read), leaving the ones before in place.
   */
  apply(settings: NetworkSettings, credentials?: ProxyCredentials | null): Promise<void>;
  /** Browser mode: the proxy environment variables the system mode follows; null inside Electron. */
  environment(): { httpsProxy: string | null; httpProxy: string | null; noProxy: string | null } | null;
  close(): Promise<void>;
}
