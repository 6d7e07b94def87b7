// Makes sure the end-to-end tests have a Chromium before they start. Playwright's own is tried first
// (`npx playwright install chromium`, which needs its CDN); without it, Debian's package when running
// as root. If neither works, one line says what to do, and the exit code fails `npm test`.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from './chromium';

function attempt(command: string, args: string[], timeoutMs: number): boolean {
  try {
    execFileSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], timeout: timeoutMs });
    return true;
  } catch {
    return false;
  }
}

function ensure(): void {
  const found = findChromium();
  if (found) {
    console.log(`Chromium for the end-to-end tests: ${found.executablePath} (${found.source})`);
    return;
  }
  console.log('No Chromium found for the end-to-end tests; installing one…');
  if (attempt('npx', ['playwright', 'install', 'chromium'], 300_000) && findChromium()) return ensure();
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env, timeout: 300_000 });
      execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'ignore', env, timeout: 600_000 });
    } catch {
      // Reported below as "no Chromium".
    }
    if (findChromium()) return ensure();
  }
  console.error(
    'No Chromium for the end-to-end tests: run `npx playwright install chromium` (online) or `sudo apt-get install chromium`, then `npm test` again.',
  );
  process.exit(1);
}

ensure();
