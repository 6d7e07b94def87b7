// The app's network settings: kept in <dataDir>/network.json (written atomically), applied to the
// network stack at start and whenever they change. A change is checked, applied, then saved; if the
// stack refuses it or the file cannot be written, the settings before stay in force, applied and saved.
import path from 'node:path';
import { z } from 'zod';
import { NetworkSettings, type NetworkStatus } from '../../../shared/ipc';
import { writeJsonAtomic } from '../../../shared/node/atomic-json';
import { readJsonFile } from '../../../shared/node/read-json';
import { ConsoleError } from '../errors';
import type { Log } from '../logging/log';
import { checkNetworkSettings, DEFAULT_NETWORK_SETTINGS } from './network-settings';
import type { NetworkStack } from './network-stack';

export const NETWORK_FILE = 'network.json';

const NetworkFile = z.object({ version: z.literal(1), settings: NetworkSettings });

export class NetworkService {
  private settings: NetworkSettings = DEFAULT_NETWORK_SETTINGS;
  /** Why the saved settings are not in force (set at start only; a successful change clears it). */
  private problem: string | null = null;
  private readonly file: string;

  private constructor(
    dataDir: string,
    private readonly stack: NetworkStack,
    private readonly log: Log,
    private readonly onChange: () => void,
  ) {
    this.file = path.join(dataDir, NETWORK_FILE);
  }

  /** Reads and applies the saved settings; settings that cannot be used leave the system's in force, and say why. */
  static async open(options: { dataDir: string; stack: NetworkStack; log: Log; onChange?: () => void }): Promise<NetworkService> {
    const service = new NetworkService(options.dataDir, options.stack, options.log, options.onChange ?? (() => undefined));
    const saved = readJsonFile(service.file, (json) => NetworkFile.parse(json).settings);
    if (saved.kind === 'set-aside') options.log.warn('network settings set aside', { message: saved.reason });
    const wanted = saved.kind === 'read' ? saved.value : DEFAULT_NETWORK_SETTINGS;
    try {
      await options.stack.apply(checkNetworkSettings(wanted));
      service.settings = wanted;
    } catch (error) {
      service.problem = `The saved network settings (${wanted.mode}) cannot be used here, so the system settings are: ${error instanceof Error ? error.message : String(error)}`;
      options.log.warn('network settings not applied', { message: service.problem });
      await options.stack.apply(DEFAULT_NETWORK_SETTINGS);
    }
    return service;
  }

  status(): NetworkStatus {
    return {
      settings: this.settings,
      stack: this.stack.kind,
      pacSupported: this.stack.supportsPac,
      environment: this.stack.environment(),
      problem: this.problem,
    };
  }

  async set(requested: NetworkSettings): Promise<NetworkStatus> {
    const next = checkNetworkSettings(requested);
    const before = this.settings;
    await this.stack.apply(next);
    try {
      writeJsonAtomic(this.file, { version: 1, settings: next }, { space: 2 });
    } catch (error) {
      await this.stack.apply(checkNetworkSettings(before));
      throw new ConsoleError(
        'NETWORK_SETTINGS_NOT_SAVED',
        `The network settings could not be saved in ${this.file} (${error instanceof Error ? error.message : String(error)}), so the ones before are still in use. Check that Realm Console may write to that folder.`,
      );
    }
    this.settings = next;
    this.problem = null;
    this.log.info('network settings changed', { mode: next.mode, ...(next.mode === 'manual' ? { proxy: next.proxyUrl } : {}), ...(next.mode === 'pac' ? { pac: next.pacUrl } : {}) });
    this.onChange();
    return this.status();
  }
}
