// The app's network settings as Electron's session.setProxy takes them, and which proxy a failure of
// Electron's network stack is about. Electron-free, so it is tested under Node; electron/platform/
// network.ts applies it.
import type { NetworkSettings } from '../../../shared/ipc';

/** Electron's ProxyConfig, as far as the console sets it. */
export interface ElectronProxyConfig {
  mode: 'system' | 'direct' | 'fixed_servers' | 'pac_script';
  proxyRules?: string;
  proxyBypassRules?: string;
  pacScript?: string;
}

/** Settings already checked by network-settings.ts (a proxy as scheme://host:port, the bypass list one entry a line). */
export function electronProxyConfig(settings: NetworkSettings): ElectronProxyConfig {
  switch (settings.mode) {
    case 'system':
      return { mode: 'system' };
    case 'none':
      return { mode: 'direct' };
    case 'manual':
      // Chromium reads `scheme://host:port` as the proxy for every request, and the bypass list comma-separated.
      return { mode: 'fixed_servers', proxyRules: settings.proxyUrl, proxyBypassRules: settings.bypass.split('\n').filter(Boolean).join(',') };
    case 'pac':
      return { mode: 'pac_script', pacScript: settings.pacUrl };
  }
}

/** How an error names the proxy in use, or null when requests go directly. */
export function proxyInUse(settings: NetworkSettings): string | null {
  switch (settings.mode) {
    case 'none':
      return null;
    case 'manual':
      return settings.proxyUrl;
    case 'system':
      return 'set in the system settings';
    case 'pac':
      return `chosen by the PAC file ${settings.pacUrl}`;
  }
}

/** Chromium's errors that are the proxy's, not the server's. */
export function isProxyFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /net::ERR_(PROXY_[A-Z_]+|TUNNEL_CONNECTION_FAILED|PAC_[A-Z_]+|MANDATORY_PROXY_CONFIGURATION_FAILED)/.test(message);
}
