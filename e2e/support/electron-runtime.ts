// Whether an Electron runtime can be launched here. The electron package downloads its binary on first
// use, which fails on machines without access to Electron's releases; we look for the binary instead
// of triggering that download.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export type ElectronRuntime = { available: true; executablePath: string } | { available: false; reason: string };

export function findElectronRuntime(): ElectronRuntime {
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  let packageDir: string;
  try {
    packageDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { available: false, reason: 'Electron runtime missing: the electron package is not installed.' };
  }
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
