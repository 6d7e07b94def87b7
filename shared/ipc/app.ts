// Channels about the console itself.
import { z } from 'zod';

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  /** Node's `process.platform` of the machine running the core: linux, darwin, win32, ... */
  platform: z.string(),
  /** Where the core runs: inside Electron's main process, or under Node in browser mode. */
  runtime: z.object({
    kind: z.enum(['electron', 'node']),
    node: z.string(),
    electron: z.string().nullable(),
    chrome: z.string().nullable(),
  }),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const appChannels = {
  'app.info': { input: z.object({}).strict(), output: AppInfo },
} as const;
