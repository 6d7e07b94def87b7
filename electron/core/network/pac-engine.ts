// A proxy auto-configuration (PAC) file under Node: read once per settings (over http, https or from a
// file, directly, never through a proxy, as Chromium reads it), run in a QuickJS sandbox compiled to
// WebAssembly (pac-resolver with quickjs-wasi), never in Node's own VM, with a memory cap and a time
// limit on every run, and its answer read as the routes to try. Every failure is a ConsoleError that
// names the PAC address and says what to do; nothing here can hang a request.
import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createPacResolver, type FindProxyForURL } from 'pac-resolver';
import { QuickJS } from 'quickjs-wasi';
import { Agent, fetch as undiciFetch } from 'undici';
import { ConsoleError } from '../errors';
import { isBadPort } from '../client/network-error';
import { parsePacAnswer, type PacRoute } from './pac-answer';

export interface PacLimits {
  /** Reading the file, connection included. */
  readonly loadMs: number;
  /** One run of FindProxyForURL, its DNS look-ups included. */
  readonly runMs: number;
}

export const PAC_LIMITS: PacLimits = { loadMs: 10_000, runMs: 2_000 };

/** A PAC file is a small script; a bigger one is not a PAC file. */
const MAX_BYTES = 1024 * 1024;
const MEMORY_LIMIT = 32 * 1024 * 1024;

export class PacEngine {
  /** Runs one at a time: the time limit is the sandbox's, one deadline at a time. */
  private queue: Promise<unknown> = Promise.resolve();
  private constructor(
    readonly pacUrl: string,
    private readonly limits: PacLimits,
    private readonly vm: QuickJS,
    /** When the sandbox interrupts the script running now. */
    private readonly clock: { deadline: number },
    private readonly find: FindProxyForURL,
  ) {}

  /** Reads and compiles the PAC file; throws a ConsoleError naming it when it cannot be used. */
  static async load(pacUrl: string, limits: PacLimits = PAC_LIMITS): Promise<PacEngine> {
    const text = await readPac(pacUrl, limits.loadMs);
    const clock = { deadline: Date.now() + limits.runMs };
    const vm = await QuickJS.create({ memoryLimit: MEMORY_LIMIT, interruptHandler: () => Date.now() > clock.deadline });
    try {
      // Compiling runs the file's top level, under the same time limit as a request.
      return new PacEngine(pacUrl, limits, vm, clock, createPacResolver(vm, text, { filename: 'proxy.pac', sandbox: { alert: () => undefined } }));
    } catch (error) {
      vm.dispose();
      throw pacError(pacUrl, `it is not a PAC script that defines FindProxyForURL(url, host) (${reasonOf(error, limits)})`);
    } finally {
      clock.deadline = Number.POSITIVE_INFINITY;
    }
  }

  /** The routes for a request to `url`, in the order the PAC file gives them. */
  routesFor(url: URL): Promise<PacRoute[]> {
    const run = this.queue.then(() => this.run(url));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Frees the sandbox once the runs under way have finished. */
  close(): void {
    void this.queue.then(() => this.vm.dispose());
  }

  private async run(url: URL): Promise<PacRoute[]> {
    // Only the scheme and host, as Chromium gives a PAC file for https: the API's paths are none of its business.
    const origin = `${url.protocol}//${url.host}/`;
    let timer: NodeJS.Timeout | undefined;
    this.clock.deadline = Date.now() + this.limits.runMs;
    try {
      const answer = await Promise.race([
        this.find(origin, url.hostname),
        // A DNS look-up inside the script is not the sandbox's to interrupt.
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('interrupted')), this.limits.runMs);
        }),
      ]);
      const parsed = parsePacAnswer(answer);
      if (!parsed.ok) throw pacError(this.pacUrl, `for ${url.host}, ${parsed.problem}`);
      return parsed.routes;
    } catch (error) {
      if (error instanceof ConsoleError) throw error;
      throw pacError(this.pacUrl, `FindProxyForURL failed for ${url.host}: ${reasonOf(error, this.limits)}`);
    } finally {
      clearTimeout(timer);
      this.clock.deadline = Number.POSITIVE_INFINITY;
    }
  }
}

async function readPac(pacUrl: string, loadMs: number): Promise<string> {
  const url = new URL(pacUrl);
  try {
    if (url.protocol === 'file:') {
      const file = fileURLToPath(url);
      if ((await stat(file)).size > MAX_BYTES) throw new Error(`it is larger than ${MAX_BYTES / 1024} KB`);
      return await readFile(file, 'utf8');
    }
    const direct = new Agent({ connect: { timeout: loadMs } });
    try {
      const response = await undiciFetch(url, { dispatcher: direct, signal: AbortSignal.timeout(loadMs), redirect: 'follow' });
      if (!response.ok) throw new Error(`its server answered ${response.status} ${response.statusText}`.trim());
      const text = await response.text();
      if (text.length > MAX_BYTES) throw new Error(`it is larger than ${MAX_BYTES / 1024} KB`);
      return text;
    } finally {
      void direct.close().catch(() => undefined);
    }
  } catch (error) {
    throw pacError(pacUrl, `it could not be read: ${loadReason(error, loadMs)}`);
  }
}

function loadReason(error: unknown, loadMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `no answer within ${loadMs / 1000} seconds`;
  // The fetch standard's blocked ports (mail, SSH, …): no web server is read on them.
  if (isBadPort(error)) return 'its port is one reserved for other services than the web';
  let link: unknown = error;
  for (let depth = 0; depth < 4 && link instanceof Error; depth++) {
    const code = (link as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'there is no such file';
    if (code === 'EACCES') return 'Realm Console may not read that file';
    if (code === 'ECONNREFUSED') return 'its server refused the connection';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'no server has that name';
    if (code === 'UND_ERR_CONNECT_TIMEOUT') return `no answer within ${loadMs / 1000} seconds`;
    if (code) return `error ${code}`;
    if (link.cause === undefined) return link.message;
    link = link.cause;
  }
  return error instanceof Error ? error.message : String(error);
}

function reasonOf(error: unknown, limits: PacLimits): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/interrupted/.test(message)) return `it ran longer than ${limits.runMs / 1000} seconds`;
  if (/out of memory/i.test(message)) return `it used more than ${MEMORY_LIMIT / 1024 / 1024} MB of memory`;
  return message.length > 200 ? `${message.slice(0, 197)}…` : message;
}

/** Requests fail with this until the PAC file is fixed (or the settings changed). */
export function pacError(pacUrl: string, problem: string): ConsoleError {
  return new ConsoleError(
    'NETWORK_ERROR',
    `${pacWords(pacUrl, problem)} Fix the file or its address in Network settings (the status line's "Network…"), or ask your network's administrators.`,
    { pac: pacUrl, problem },
  );
}

/** The same failure when the settings are saved: said next to the PAC address, where the user already is. */
export function pacFieldError(error: unknown): unknown {
  if (!(error instanceof ConsoleError) || typeof error.extra.pac !== 'string' || typeof error.extra.problem !== 'string') return error;
  return new ConsoleError('INVALID_INPUT', `${pacWords(error.extra.pac, error.extra.problem)} Fix the file, or type another address.`, { pac: error.extra.pac, field: 'pacUrl' });
}

function pacWords(pacUrl: string, problem: string): string {
  return `The proxy auto-configuration (PAC) file ${pacUrl} cannot be used: ${problem}.`;
}
