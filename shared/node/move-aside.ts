// A file the program cannot use (unreadable, not JSON, an unknown shape) is moved aside, never deleted
// or half-used: renamed to `<file>.<tag>-<UTC time>` in its folder, where the user can still open it.
import { renameSync } from 'node:fs';

/** Renames `file` aside and returns its new path; throws the file system's error. */
export function moveAside(file: string, tag: string, now = new Date()): string {
  // Colons are not allowed in Windows file names.
  const aside = `${file}.${tag}-${now.toISOString().replace(/[:.]/g, '-')}`;
  renameSync(file, aside);
  return aside;
}
