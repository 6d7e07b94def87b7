// CLI: `npm run server -- --port 0 --data DIR --seed demo`. Prints one line once listening, and
// closes cleanly on SIGINT or SIGTERM.
import { parseArgs } from 'node:util';
import type { SeedName } from './config';
import { startServer } from './start';

const USAGE = `Usage: npm run server -- --data DIR [--port N] [--seed demo|large|empty]
  [--daily-invite-limit N] [--license-limit N] [--push-configured]
  [--queue-idle-ms N] [--heartbeat-ms N] [--rate-limit N] [--max-upload-mib N]`;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) fail(`--${name} must be a whole number, not "${value}".`);
  return number;
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: '0' },
        data: { type: 'string' },
        seed: { type: 'string', default: 'demo' },
        'daily-invite-limit': { type: 'string' },
        'license-limit': { type: 'string' },
        'push-configured': { type: 'boolean', default: false },
        'queue-idle-ms': { type: 'string' },
        'heartbeat-ms': { type: 'string' },
        'rate-limit': { type: 'string' },
        'max-upload-mib': { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!values.data) fail('--data DIR is required: the folder the sandbox keeps its database in.');
  const seed = values.seed as SeedName;
  if (!['demo', 'large', 'empty'].includes(seed)) fail(`--seed must be demo, large or empty, not "${values.seed}".`);
  const defined = <T extends object>(object: T) => Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as Partial<T>;
  const server = await startServer({
    port: integer('port', values.port),
    dataDir: values.data,
    seed,
    config: defined({
      dailyInviteLimit: integer('daily-invite-limit', values['daily-invite-limit']),
      licenseLimit: integer('license-limit', values['license-limit']),
      pushConfigured: values['push-configured'],
      queueIdleMs: integer('queue-idle-ms', values['queue-idle-ms']),
      heartbeatMs: integer('heartbeat-ms', values['heartbeat-ms']),
      rateLimitPerMinute: integer('rate-limit', values['rate-limit']),
      maxFileUploadSizeMib: integer('max-upload-mib', values['max-upload-mib']),
    }),
  }).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
  console.log(`listening on ${server.url}`);
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
