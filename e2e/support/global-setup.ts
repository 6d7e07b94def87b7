// Says once, in one line, why the electron project's tests are skipped on this machine.
import type { FullConfig } from '@playwright/test';
import { findElectronRuntime } from './electron-runtime';

export default function globalSetup(config: FullConfig): void {
  const runsElectron = config.projects.some((project) => project.name === 'electron');
  const runtime = findElectronRuntime();
  if (runsElectron && !runtime.available) console.log(`electron project skipped: ${runtime.reason}`);
}
