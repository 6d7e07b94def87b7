// Finds a Chromium for Playwright: its own download if one is installed, else the system's.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export const SYSTEM_CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** Flags that keep a system Chromium quiet on a machine with a closed network (toolchain notes). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface FoundChromium {
  executablePath: string;
  source: 'playwright' | 'system';
}

export function findChromium(): FoundChromium | null {
  const own = playwrightChromiumPath();
  // The full build, given by path, also runs headless; Playwright's separate headless shell is not needed.
  if (own && existsSync(own)) return { executablePath: own, source: 'playwright' };
  const system = SYSTEM_CHROMIUM_PATHS.find((path) => existsSync(path));
  return system ? { executablePath: system, source: 'system' } : null;
}

function playwrightChromiumPath(): string | null {
  try {
    return chromium.executablePath();
  } catch {
    return null;
  }
}
