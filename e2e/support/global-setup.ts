// Says once, in one line, why the electron project's tests are skipped on this machine, and starts the
// run's log folder afresh (run-logs.ts).
import type { FullConfig } from '@playwright/test';
import { findElectronRuntime } from './electron-runtime';
import { clearRunLogs } from './run-logs';

export default function globalSetup(config: FullConfig): void {
  clearRunLogs();
  const runsElectron = config.projects.some((project) => project.name === 'electron');
  const runtime = findElectronRuntime();
  if (runsElectron && !runtime.available) console.log(`electron project skipped: ${runtime.reason}`);
}
