// One `npm start` per user data folder: two would run two sandbox servers on one database and two
// cores writing one accounts file. (The Electron app has its own single-instance lock; browser mode
// and the sandbox need this one.) A lock left by a launcher that died is taken over.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

export type LockResult = { acquired: true; release(): void } | { acquired: false; holder: number };

export function acquireInstanceLock(file: string, pid = process.pid): LockResult {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(pid), { flag: 'wx' });
      return {
        acquired: true,
        release: () => {
          if (readHolder(file) === pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (holder !== null && holder !== pid && isRunning(holder)) return { acquired: false, holder };
    // Stale: its launcher is gone. Remove it and try once more (another launcher may win the race).
    rmSync(file, { force: true });
  }
  return { acquired: false, holder: readHolder(file) ?? 0 };
}

function readHolder(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
