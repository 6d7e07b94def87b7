// The app's network settings: kept in <dataDir>/network.json (written atomically), applied to the
// network stack at start and whenever they change. A change is checked, applied, then saved; if the
// stack refuses it or the file cannot be written, the settings before stay in force, applied and saved.
// The manual proxy's password is sealed by the secret store, as API keys are, and never leaves the
// core: the status says only whether one is saved.
import path from 'node:path';
import { z } from 'zod';
import { NetworkSettings, type NetworkSettingsInput, type NetworkStatus } from '../../../shared/ipc';
import { writeJsonAtomic } from '../../../shared/node/atomic-json';
import { readJsonFile } from '../../../shared/node/read-json';
import type { SecretStore } from '../accounts/secret-store';
import { ConsoleError } from '../errors';
import type { Log } from '../logging/log';
import { checkNetworkSettings, DEFAULT_NETWORK_SETTINGS, splitProxyCredentials } from './network-settings';
import type { NetworkStack, ProxyCredentials } from './network-stack';

export const NETWORK_FILE = 'network.json';

/** `proxyPassword`: as SecretStore.seal left it, for `settings.proxyUsername`. */
const NetworkFile = z.object({ version: z.literal(1), settings: NetworkSettings, proxyPassword: z.string().nullable().optional() });

interface Saved {
  settings: NetworkSettings;
  /** The password in clear, in memory only. */
  password: string | null;
}

export class NetworkService {
  private saved: Saved = { settings: DEFAULT_NETWORK_SETTINGS, password: null };
  /** Why the saved settings are not in force (set at start only; a successful change clears it). */
  private problem: string | null = null;
  private readonly file: string;

  private constructor(
    dataDir: string,
    private readonly stack: NetworkStack,
    private readonly secrets: SecretStore,
    private readonly log: Log,
    private readonly onChange: () => void,
  ) {
    this.file = path.join(dataDir, NETWORK_FILE);
  }

  /** Reads and applies the saved settings; settings that cannot be used leave the system's in force, and say why. */
  static async open(options: { dataDir: string; stack: NetworkStack; secrets: SecretStore; log: Log; onChange?: () => void }): Promise<NetworkService> {
    const service = new NetworkService(options.dataDir, options.stack, options.secrets, options.log, options.onChange ?? (() => undefined));
    const file = readJsonFile(service.file, (json) => NetworkFile.parse(json));
    if (file.kind === 'set-aside') options.log.warn('network settings set aside', { message: file.reason });
    const wanted = file.kind === 'read' ? file.value.settings : DEFAULT_NETWORK_SETTINGS;
    let password: string | null = null;
    try {
      password = file.kind === 'read' && file.value.proxyPassword ? options.secrets.unseal(file.value.proxyPassword) : null;
    } catch (error) {
      service.problem = `The saved proxy password cannot be read (${error instanceof Error ? error.message : String(error)}); type it again in Network settings.`;
      options.log.warn('proxy password unreadable', { message: service.problem });
    }
    try {
      await options.stack.apply(checkNetworkSettings(wanted), credentialsOf({ settings: wanted, password }));
      service.saved = { settings: wanted, password };
    } catch (error) {
      service.problem = `The saved network settings (${wanted.mode}) cannot be used, so the system settings are: ${error instanceof Error ? error.message : String(error)}`;
      options.log.warn('network settings not applied', { message: service.problem });
      await options.stack.apply(DEFAULT_NETWORK_SETTINGS);
    }
    return service;
  }

  status(): NetworkStatus {
    return {
      settings: this.saved.settings,
      stack: this.stack.kind,
      proxyPasswordSaved: this.saved.password !== null,
      environment: this.stack.environment(),
      problem: this.problem,
    };
  }

  async set(requested: NetworkSettingsInput): Promise<NetworkStatus> {
    const split = splitProxyCredentials(requested);
    const settings = checkNetworkSettings(split.settings);
    const before = this.saved;
    const next: Saved = { settings, password: this.passwordFor(settings, split.password) };
    const sealed = next.password === null ? null : this.seal(next.password);
    await this.stack.apply(settings, credentialsOf(next));
    try {
      writeJsonAtomic(this.file, { version: 1, settings, proxyPassword: sealed }, { space: 2 });
    } catch (error) {
      await this.stack.apply(checkNetworkSettings(before.settings), credentialsOf(before));
      throw new ConsoleError(
        'NETWORK_SETTINGS_NOT_SAVED',
        `The network settings could not be saved in ${this.file} (${error instanceof Error ? error.message : String(error)}), so the ones before are still in use. Check that Realm Console may write to that folder.`,
      );
    }
    this.saved = next;
    this.problem = null;
    this.log.info('network settings changed', {
      mode: settings.mode,
      ...(settings.mode === 'manual' ? { proxy: settings.proxyUrl, signIn: settings.proxyUsername !== '' } : {}),
      ...(settings.mode === 'pac' ? { pac: settings.pacUrl } : {}),
    });
    this.onChange();
    return this.status();
  }

  /** A password typed now; else the saved one, for the same user name; none without a user name. */
  private passwordFor(settings: NetworkSettings, typed: string | undefined): string | null {
    if (settings.proxyUsername === '') return null;
    if (typed) return typed;
    return settings.proxyUsername === this.saved.settings.proxyUsername ? this.saved.password : null;
  }

  private seal(password: string): string {
    if (!this.secrets.encryptionAvailable) {
      throw new ConsoleError(
        'SECRET_STORAGE_UNAVAILABLE',
        'This computer offers Realm Console no encryption to keep the proxy password with, and it is not kept in plain text. Set up the system keyring, or use a proxy that needs no sign-in.',
        { field: 'proxyPassword' },
      );
    }
    return this.secrets.seal(password);
  }
}

/** What the stack signs in to the manual proxy with, if anything. */
function credentialsOf(saved: Saved): ProxyCredentials | null {
  const { settings, password } = saved;
  return settings.mode === 'manual' && settings.proxyUsername !== '' ? { username: settings.proxyUsername, password: password ?? '' } : null;
}
