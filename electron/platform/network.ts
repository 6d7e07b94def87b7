// The core's network stack inside the app: Electron's (Chromium's) own, so the system's proxy
// settings, PAC files and certificate store simply work. Each distinct realm trust gets its own
// in-memory session, whose certificate verify procedure adds that realm's certificate authority (or the
// consent to not checking) and nothing else; every session follows the app's proxy settings. The
// manual proxy's user name and password answer Chromium's proxy sign-in requests (app 'login').
import { createHash } from 'node:crypto';
import { app, session, type Session } from 'electron';
import type { NetworkSettings } from '../../shared/ipc';
import { viaProxy } from '../core/client/network-error';
import { certificateVerdict } from '../core/network/certificate-check';
import { electronProxyConfig, isProxyFailure, proxyInUse } from '../core/network/electron-proxy';
import { DEFAULT_NETWORK_SETTINGS } from '../core/network/network-settings';
import type { ConnectionTrust, NetworkStack, ProxyCredentials } from '../core/network/network-stack';

/** Create after the app is ready. `alsoFollow`: other sessions that should use the same proxy (the updater's). */
export function createElectronNetwork(alsoFollow: Session[] = []): NetworkStack {
  let settings: NetworkSettings = DEFAULT_NETWORK_SETTINGS;
  let credentials: ProxyCredentials | null = null;
  app.on('login', (event, _contents, _details, authInfo, callback) => {
    if (!authInfo.isProxy || !credentials || settings.mode !== 'manual') return;
    const proxy = new URL(settings.proxyUrl);
    if (authInfo.host !== proxy.hostname) return;
    event.preventDefault();
    callback(credentials.username, credentials.password);
  });
  const sessions = new Map<string, { session: Session; ready: Promise<void> }>();

  const sessionFor = (trust: ConnectionTrust) => {
    const key = createHash('sha256').update(JSON.stringify([trust.caPem, trust.unchecked])).digest('hex').slice(0, 16);
    let entry = sessions.get(key);
    if (!entry) {
      // No "persist:" prefix: nothing of these sessions is written to disk.
      const created = session.fromPartition(`realm-console-api-${key}`, { cache: false });
      created.setCertificateVerifyProc((request, callback) => callback(certificateVerdict(request, trust)));
      created.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
      entry = { session: created, ready: created.setProxy(electronProxyConfig(settings)) };
      sessions.set(key, entry);
    }
    return entry;
  };

  return {
    kind: 'electron',
    fetchFor(_realmUrl, trust) {
      return async (input, init) => {
        const { session: own, ready } = sessionFor(trust);
        await ready;
        try {
          return await own.fetch(input instanceof Request ? input : String(input), init);
        } catch (error) {
          const proxy = proxyInUse(settings);
          throw proxy && isProxyFailure(error) ? viaProxy(error, proxy) : error;
        }
      };
    },
    async apply(next, signIn = null) {
      const config = electronProxyConfig(next);
      await Promise.all([...[...sessions.values()].map((entry) => entry.session), ...alsoFollow].map((each) => each.setProxy(config)));
      settings = next;
      credentials = signIn;
    },
    environment: () => null,
    async close() {
      sessions.clear();
    },
  };
}
