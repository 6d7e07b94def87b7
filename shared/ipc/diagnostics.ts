// Channels of the "About & diagnostics" view: what the console runs on, each organization's
// connection, the last problems, the logs folder, a redacted report to copy, and the update check.
import { z } from 'zod';
import { RealmTrust } from './accounts';
import { AppInfo } from './app';
import { NetworkStatus } from './network';
import { AccountId, SessionState } from './push';

export const RealmDiagnostics = z.object({
  account: AccountId,
  realmName: z.string(),
  realmUrl: z.string(),
  /** From the server's register reply; null before the first one. */
  featureLevel: z.int().nullable(),
  /** The event queue: live, or why not. */
  state: SessionState,
  detail: z.string().nullable(),
  trust: RealmTrust,
});
export type RealmDiagnostics = z.infer<typeof RealmDiagnostics>;

export const LoggedProblem = z.object({ time: z.string(), level: z.enum(['warn', 'error']), text: z.string() });
export type LoggedProblem = z.infer<typeof LoggedProblem>;

export const Diagnostics = z.object({
  app: AppInfo,
  /** Where the log files are; null when the console writes none (the folder could not be made). */
  logsFolder: z.string().nullable(),
  /** Whether this console can open a folder itself (the app can; browser mode shows the path). */
  canOpenFolders: z.boolean(),
  network: NetworkStatus,
  /** The network settings in words ("manual proxy http://proxy:3128, bypassing …"). */
  networkInWords: z.string(),
  realms: z.array(RealmDiagnostics),
  /** The last warnings and errors, newest last, scrubbed of credentials. */
  problems: z.array(LoggedProblem),
});
export type Diagnostics = z.infer<typeof Diagnostics>;

/**
 * What "Check for updates" found. browser-mode: updates come with the source folder; not-installed:
 * the app runs unpacked (npm start); not-configured: the package was built without an update address.
 */
export const UpdateCheck = z.object({
  status: z.enum(['browser-mode', 'not-installed', 'not-configured', 'up-to-date', 'downloading', 'failed']),
  /** The words to show, whatever the status. */
  message: z.string(),
  /** The newer version, when there is one. */
  version: z.string().nullable(),
});
export type UpdateCheck = z.infer<typeof UpdateCheck>;

export const diagnosticsChannels = {
  'diagnostics.get': { input: z.object({}).strict(), output: Diagnostics },
  /** The diagnostics as plain text for a support request, with every credential removed. */
  'diagnostics.report': { input: z.object({}).strict(), output: z.object({ text: z.string() }) },
  /** Opens the logs folder in the system's file manager (the app only); `detail` says why not. */
  'diagnostics.openLogsFolder': {
    input: z.object({}).strict(),
    output: z.object({ opened: z.boolean(), folder: z.string().nullable(), detail: z.string().nullable() }),
  },
  'updates.check': { input: z.object({}).strict(), output: UpdateCheck },
} as const;
