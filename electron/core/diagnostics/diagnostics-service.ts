// The "About & diagnostics" view's data: versions, the network settings, each organization's
// connection (address, feature level, event queue state, what it trusts), the last problems from the
// log, and a plain-text report to copy, scrubbed by the log's redactor (no keys, no tokens, no emails).
import type { AppInfo, Diagnostics, RealmDiagnostics, UpdateCheck } from '../../../shared/ipc';
import type { AccountService } from '../accounts/accounts';
import type { Log } from '../logging/log';
import type { NetworkService } from '../network/network-service';
import type { SessionManager } from '../session-manager';
import { BROWSER_MODE_UPDATES, type DesktopActions } from './desktop';
import { diagnosticsReport, networkInWords } from './report';

export interface DiagnosticsSources {
  appInfo: AppInfo;
  log: Log;
  network: NetworkService;
  accounts: AccountService;
  sessions: SessionManager;
  /** The app's folder opener and updater; null in browser mode. */
  desktop: DesktopActions | null;
  now?: () => Date;
}

export class DiagnosticsService {
  constructor(private readonly sources: DiagnosticsSources) {}

  get(): Diagnostics {
    const { appInfo, log, network, desktop } = this.sources;
    const status = network.status();
    return {
      app: appInfo,
      logsFolder: log.dir,
      canOpenFolders: desktop !== null,
      network: status,
      networkInWords: networkInWords(status),
      realms: this.realms(),
      problems: log.recentProblems(),
    };
  }

  report(): { text: string } {
    const now = (this.sources.now ?? (() => new Date()))();
    return { text: this.sources.log.scrub(diagnosticsReport(this.get(), now)) };
  }

  async openLogsFolder(): Promise<{ opened: boolean; folder: string | null; detail: string | null }> {
    const folder = this.sources.log.dir;
    if (!folder) return { opened: false, folder: null, detail: 'This console writes no log file: its log folder could not be made (the last problems say why).' };
    const { desktop } = this.sources;
    if (!desktop) return { opened: false, folder, detail: 'Browser mode cannot open folders on this computer: open this folder in your file manager.' };
    const failure = await desktop.openFolder(folder);
    if (failure) this.sources.log.warn('logs folder not opened', { message: failure });
    return { opened: failure === null, folder, detail: failure };
  }

  async checkForUpdates(): Promise<UpdateCheck> {
    const { desktop, log } = this.sources;
    const check = desktop ? await desktop.checkForUpdates() : BROWSER_MODE_UPDATES;
    if (check.status === 'failed') log.warn('update check failed', { message: check.message });
    else log.info('update check', { status: check.status, version: check.version });
    return check;
  }

  private realms(): RealmDiagnostics[] {
    return this.sources.accounts.list().map((account) => {
      let session: ReturnType<SessionManager['get']> | null = null;
      try {
        session = this.sources.sessions.get(account.id);
      } catch {
        // Signed out while this was being read: report the account as not connected.
      }
      const status = session?.status;
      return {
        account: account.id,
        realmName: account.realmName,
        realmUrl: account.realmUrl,
        featureLevel: session?.state?.featureLevel ?? null,
        state: status?.state ?? 'offline',
        detail: status?.detail ?? null,
        trust: account.trust,
      };
    });
  }
}
