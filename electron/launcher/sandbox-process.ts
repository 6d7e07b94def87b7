// The sandbox server as `npm start` runs it: a child process (`node --import tsx server/main.ts`) on a
// persistent data folder. It comes back on the port it had last time where it can, because the
// console's saved sandbox account records the sandbox's address.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { onRememberedPort } from './remembered-port';

export interface SandboxProcess {
  readonly url: string;
  /** Resolves when the server has exited (on its own, or after `stop`). */
  readonly exited: Promise<number | null>;
  stop(): Promise<void>;
}

export interface SandboxProcessOptions {
  repo: string;
  dataDir: string;
  /** Where the port is remembered between runs (outside the server's own folder). */
  portFile: string;
}

export async function startSandboxProcess(options: SandboxProcessOptions): Promise<SandboxProcess> {
  mkdirSync(options.dataDir, { recursive: true });
  // Where the old port is taken, any free one will do, at the price of the saved sandbox account
  // pointing at the old address.
  return onRememberedPort(options.portFile, (port) => launch(options, port), (started) => Number(new URL(started.url).port));
}

function launch(options: SandboxProcessOptions, port: number): Promise<SandboxProcess> {
  const args = ['--import', 'tsx', 'server/main.ts', '--port', String(port), '--data', options.dataDir, '--seed', 'demo'];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: options.repo,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group (POSIX), so Ctrl-C in the terminal reaches the launcher only, which stops
    // the core first (it deletes its event queues on the sandbox) and the sandbox last. On Windows a
    // detached child would open a console window of its own.
    detached: process.platform !== 'win32',
  });
  // Should the launcher die without stopping it, the sandbox goes with it.
  const killOnExit = () => child.kill();
  process.once('exit', killOnExit);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      process.off('exit', killOnExit);
      resolve(code);
    }),
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      const url = line.replace(/^listening on /, '').trim();
      if (!line.startsWith('listening on ')) {
        child.kill();
        reject(new Error(`the sandbox server said "${line}" instead of its address`));
        return;
      }
      // From now on its output goes to the terminal, so a crash or warning is seen.
      lines.close();
      child.stdout?.pipe(process.stdout);
      child.stderr?.removeAllListeners('data');
      child.stderr?.pipe(process.stderr);
      resolve({
        url,
        exited,
        async stop() {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
    child.once('error', reject);
    void exited.then((code) => reject(new Error(`the sandbox server exited (code ${String(code)}) before it listened: ${stderr.trim()}`)));
  });
}
