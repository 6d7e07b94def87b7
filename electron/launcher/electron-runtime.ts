// Whether an Electron runtime can be launched here. The electron package downloads its binary on first
// use, which fails on machines without access to Electron's releases; we look for the binary instead
// of triggering that download unasked. `npm start` and the e2e tests (e2e/support) share this.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export type ElectronRuntime = { available: true; executablePath: string } | { available: false; reason: string };

function electronPackageDir(): string | null {
  try {
    return path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return null;
  }
}

export function findElectronRuntime(): ElectronRuntime {
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const packageDir = electronPackageDir();
  if (!packageDir) return { available: false, reason: 'Electron runtime missing: the electron package is not installed.' };
  const pathFile = path.join(packageDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const executablePath = override
    ? path.join(override, relative ?? 'electron')
    : relative
      ? path.join(packageDir, 'dist', relative)
      : null;
  if (!executablePath || !existsSync(executablePath)) {
    return {
      available: false,
      reason: "Electron runtime missing: its binary was never downloaded (Electron's release server is unreachable here).",
    };
  }
  return { available: true, executablePath };
}

/**
 * Runs the electron package's own installer (what its postinstall would have done), quietly, and
 * resolves true when it finished. Fails fast where Electron's release server cannot be reached.
 */
export function downloadElectronRuntime(timeoutMs: number): Promise<boolean> {
  const packageDir = electronPackageDir();
  if (!packageDir || process.env.ELECTRON_OVERRIDE_DIST_PATH) return Promise.resolve(false);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(packageDir, 'install.js')], { cwd: packageDir, stdio: 'ignore' });
    const timer = setTimeout(() => child.kill(), timeoutMs);
    child.once('error', () => resolve(false));
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}
