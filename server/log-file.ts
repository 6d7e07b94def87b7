// The sandbox's own log: Fastify's request log (it is pino) in a rotating file under the data
// directory, `<data>/logs/sandbox.N.log`. Each request is one line with its method, path, status and
// time; never a header, a body or a query string, which is where credentials travel (Authorization,
// fetch_api_key's password, an api_key parameter).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- pino-roll ships no types: this brings ours into every program that compiles this file
/// <reference path="../shared/node/pino-roll.d.ts" />
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import pinoRoll from 'pino-roll';

export interface ServerLog {
  readonly logger: FastifyBaseLogger;
  /** The folder the files are in. */
  readonly dir: string;
  /** Writes what is buffered and closes the file. */
  close(): Promise<void>;
}

/** Rotate at this size, keeping this many older files: at most 30 MB of logs. */
const MAX_FILE_SIZE = '5m';
const OLDER_FILES_KEPT = 5;

export async function openServerLog(dir: string): Promise<ServerLog> {
  // Made here, not by the stream, so a folder that cannot be made fails the start instead of later.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stream = await pinoRoll({ file: path.join(dir, 'sandbox'), extension: '.log', size: MAX_FILE_SIZE, limit: { count: OLDER_FILES_KEPT } });
  let failed = false;
  stream.on('error', (error: Error) => {
    // A full disk must not stop the sandbox; say so once.
    if (!failed) console.error(`[sandbox] the log in ${dir} cannot be written (${error.message}); requests are no longer logged.`);
    failed = true;
  });
  const logger = pino(
    {
      base: { service: 'sandbox' },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: {
        req: (request: { method?: string; url?: string }) => ({ method: request.method, path: (request.url ?? '').split('?')[0] }),
        res: (reply: { statusCode?: number }) => ({ status: reply.statusCode }),
      },
      // The serializers above keep headers out; this is the second lock on the door.
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'], censor: '[redacted]' },
    },
    stream,
  );
  return {
    logger,
    dir,
    close: () =>
      new Promise<void>((resolve) => {
        // A failed write must not keep the server from stopping: the log is a courtesy.
        stream.once('close', () => resolve());
        stream.once('error', () => resolve());
        stream.end();
      }),
  };
}
