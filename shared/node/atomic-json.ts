// Replacing a JSON file so that a crash, a power cut or a full disk leaves the old file or the new one,
// never half of either, and what the file says is on disk when the call returns: the new text goes to
// a temporary file in the same folder (a rename never crosses file systems), is fsynced, is renamed
// over the old file, and the folder is fsynced so the rename itself is durable. The accounts file, the
// moderation review state and an invitation campaign journal's snapshot (snapshot-log.ts) are all
// written this way.
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface JsonWriteOptions {
  /** Indentation for files people may open (JSON.stringify's `space`); compact by default. */
  space?: number;
}

/**
 * Writes `value` as JSON to `file` (mode 0600; a missing folder is created 0700) and returns the
 * length of the text written. Throws the file system's error, leaving the old file as it was and no
 * temporary file behind.
 */
export function writeJsonAtomic(file: string, value: unknown, options: JsonWriteOptions = {}): number {
  // Serialized first: a value that cannot be written fails before anything touches the disk.
  const json = JSON.stringify(value, null, options.space) as string | undefined;
  if (json === undefined) throw new TypeError(`${file}: ${typeof value} cannot be written as JSON.`);
  const folder = path.dirname(file);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const temp = `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    // 0600: these files hold sealed keys and an administrator's work, nobody else's business.
    const fd = openSync(temp, 'wx', 0o600);
    try {
      writeFileSync(fd, `${json}\n`);
      // On disk before the rename, or a power cut could leave a renamed but empty file.
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } catch (error) {
    removeQuietly(temp);
    throw error;
  }
  syncFolder(folder);
  return json.length + 1;
}

function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // The original failure is the one to report.
  }
}

/** Makes the rename durable. Windows cannot open a folder for syncing; NTFS journals renames itself. */
function syncFolder(folder: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch {
    // Best effort: the file's own fsync already happened.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
