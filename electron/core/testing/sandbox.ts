// A real sandbox server for the core's tests, started the way a user starts it (`npm run server`):
// a separate process, so the core talks to it only over HTTP, as it would to any realm.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const repo = path.resolve(import.meta.dirname, '..', '..', '..');

export interface SandboxOptions {
  seed?: 'demo' | 'empty' | 'large' | 'huge';
  /**
   * The large and huge seeds' size (`--users N`): that many generated people, channels, groups and
   * messages in the seed's proportions; e.g. 1,000, 20,000, 50,000 or 100,000 for a scaling table.
   */
  users?: number;
  /** Extra CLI flags, e.g. ['--queue-idle-ms', '2000']. */
  args?: string[];
}

export interface Sandbox {
  readonly url: string;
  readonly dataDir: string;
  /**
   * Stops the server and starts it again on the same data directory and port; `args`, when given,
   * replace the extra CLI flags (e.g. a higher `--daily-invite-limit`, as an operator would set).
   */
  restart(args?: string[]): Promise<void>;
  /** Stops the server; `start` brings it back on the same port. */
  stop(): Promise<void>;
  start(args?: string[]): Promise<void>;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'core-sandbox-'));
  let port = 0;
  let child: ChildProcess | null = null;
  let url = '';
  let extraArgs = options.args ?? [];

  const launch = async (newArgs?: string[]) => {
    if (newArgs) extraArgs = newArgs;
    const size = options.users === undefined ? [] : ['--users', String(options.users)];
    const args = ['--import', 'tsx', 'server/main.ts', '--port', String(port), '--data', dataDir, '--seed', options.seed ?? 'demo', ...size, ...extraArgs];
    const proc = spawn(process.execPath, args, { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    let stderr = '';
    proc.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: proc.stdout }).once('line', (line) => resolve(line.replace('listening on ', '')));
      proc.once('exit', (code) => reject(new Error(`sandbox server exited (${String(code)}): ${stderr}`)));
    });
    port = Number(new URL(url).port);
  };
  const stop = async () => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
  };
  await launch();
  return {
    get url() {
      return url;
    },
    dataDir,
    async restart(args?: string[]) {
      await stop();
      await launch(args);
    },
    stop,
    start: (args?: string[]) => launch(args),
    async close() {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
