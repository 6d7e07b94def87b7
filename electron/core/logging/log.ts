// The console core's log: JSON lines (pino) in a rotating file, `<logs>/console.N.log` in the user
// data folder, with API requests, queue state changes, job steps and errors. Everything written goes
// through the Redactor first (and pino's own redact as a second lock), so no credential reaches the
// file. The last problems are also kept in memory for the diagnostics view.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- pino-roll ships no types: this brings ours into every program that compiles this file
/// <reference path="../../../shared/node/pino-roll.d.ts" />
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import pinoRoll from 'pino-roll';
import { REDACTED, Redactor } from './redact';

export type LogFields = Record<string, unknown>;

/** A warning or an error as the diagnostics view lists it. */
export interface LoggedProblem {
  /** ISO time. */
  time: string;
  level: 'warn' | 'error';
  /** What happened, scrubbed: the event and its message. */
  text: string;
}

export interface Log {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
  /** An exact string (browser mode's token) that is never written, wherever it appears. */
  addSecret(secret: string): void;
  /** `text` as the log would write it: credentials removed. */
  scrub(text: string): string;
  /** The most recent warnings and errors, newest last. */
  recentProblems(): LoggedProblem[];
  /** The folder of the log files; null when nothing is written to disk. */
  readonly dir: string | null;
  /** Writes what is pending and closes the file. */
  close(): Promise<void>;
}

export interface LogOptions {
  /** The folder for the files; null writes no file (the recent problems are still kept). */
  dir: string | null;
  /** The file's name before its number: console → console.1.log. */
  name?: string;
  now?: () => Date;
}

const MAX_FILE_SIZE = '5m';
const OLDER_FILES_KEPT = 5;
const PROBLEMS_KEPT = 50;

/** pino's redact, the second lock: the same fields the Redactor blanks, at the depths the core logs them. */
const REDACT_PATHS = ['authorization', 'api_key', 'apiKey', 'password', 'token', 'headers.authorization', '*.authorization', '*.api_key', '*.apiKey', '*.password', '*.token'];

export async function openLog(options: LogOptions): Promise<Log> {
  const redactor = new Redactor();
  const problems: LoggedProblem[] = [];
  const now = options.now ?? (() => new Date());
  const remember = (level: LoggedProblem['level'], event: string, fields: LogFields) => {
    const message = typeof fields.message === 'string' ? fields.message : null;
    problems.push({ time: now().toISOString(), level, text: redactor.text(message ? `${event}: ${message}` : event) });
    if (problems.length > PROBLEMS_KEPT) problems.shift();
  };

  const opened = options.dir === null ? null : await openFile(options.dir, options.name ?? 'console');
  if (opened && 'failure' in opened) remember('warn', 'log file unavailable', { message: opened.failure });
  const file = opened && 'stream' in opened ? opened : null;
  const logger: Logger | null = file
    ? pino(
        {
          base: { service: options.name ?? 'console' },
          timestamp: () => `,"time":"${now().toISOString()}"`,
          redact: { paths: REDACT_PATHS, censor: REDACTED },
        },
        file.stream,
      )
    : null;

  const write = (level: 'info' | 'warn' | 'error', event: string, fields: LogFields = {}) => {
    if (level !== 'info') remember(level, event, fields);
    try {
      logger?.[level](redactor.fields(fields) as LogFields, redactor.text(event));
    } catch {
      // A log that cannot be written must never take the console down with it.
    }
  };

  let closed: Promise<void> | null = null;
  return {
    info: (event, fields) => write('info', event, fields),
    warn: (event, fields) => write('warn', event, fields),
    error: (event, fields) => write('error', event, fields),
    addSecret: (secret) => redactor.addSecret(secret),
    scrub: (text) => redactor.text(text),
    recentProblems: () => problems.map((problem) => ({ ...problem })),
    dir: file ? file.dir : null,
    close: () => (closed ??= file ? closeStream(file.stream) : Promise.resolve()),
  };
}

/** A log that writes nowhere, for tests and tools that do not want files. */
export function memoryLog(): Promise<Log> {
  return openLog({ dir: null });
}

type RollingFile = Awaited<ReturnType<typeof pinoRoll>>;

async function openFile(dir: string, name: string): Promise<{ dir: string; stream: RollingFile } | { failure: string }> {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // Synchronous writes: the lines just before a crash are the ones worth reading.
    const stream = await pinoRoll({ file: path.join(dir, name), extension: '.log', size: MAX_FILE_SIZE, limit: { count: OLDER_FILES_KEPT }, sync: true });
    // A full disk later on must not become an uncaught error.
    stream.on('error', () => undefined);
    return { dir, stream };
  } catch (error) {
    return { failure: `the log folder ${dir} cannot be written (${error instanceof Error ? error.message : String(error)}); the console runs without a log file` };
  }
}

function closeStream(stream: RollingFile): Promise<void> {
  return new Promise<void>((resolve) => {
    stream.once('close', () => resolve());
    stream.once('error', () => resolve());
    stream.end();
  });
}
