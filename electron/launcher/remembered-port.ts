// A server `npm start` starts on the port it had last time, where that port is still free. The
// sandbox keeps its address (the saved sandbox account records it); browser mode keeps its page's
// origin, and with it what the page keeps in localStorage (the theme, the organization in use), which
// browsers keep per origin: scheme, host and port.
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Runs `start` on the port saved in `file`, or on any free port (0) when none is saved or the saved
 * one fails (most likely something else took it), then saves the port it got.
 */
export async function onRememberedPort<T>(file: string, start: (port: number) => Promise<T>, portOf: (started: T) => number): Promise<T> {
  const remembered = readPort(file);
  let started: T;
  try {
    started = await start(remembered ?? 0);
  } catch (error) {
    if (remembered === null) throw error;
    started = await start(0);
  }
  writeFileSync(file, String(portOf(started)));
  return started;
}

function readPort(file: string): number | null {
  try {
    const port = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(port) && port > 0 && port < 65536 ? port : null;
  } catch {
    return null;
  }
}
