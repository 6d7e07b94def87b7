// The command line of `npm run server` (server/main.ts), read into startServer's options. Kept apart
// from main.ts, which starts a server as soon as it is imported, so the reading can be tested alone.
import { parseArgs } from 'node:util';
import { featureLevelProblem, type SeedName } from './config';
import { seedUsersProblem } from './seed/sizes';
import type { StartOptions } from './start';

export const USAGE = `Usage: npm run server -- --data DIR [--port N] [--seed demo|large|huge|empty] [--users N]
  [--daily-invite-limit N] [--license-limit N] [--push-configured]
  [--queue-idle-ms N] [--heartbeat-ms N] [--rate-limit N] [--max-upload-mib N]
  [--feature-level N]
  [--tls-cert FILE --tls-key FILE]`;

/** A command line that cannot start a server; the message says which part is wrong. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export type CliCommand = { help: true } | { help: false; options: StartOptions };

const SEEDS: readonly SeedName[] = ['demo', 'large', 'huge', 'empty'];

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !Number.isInteger(number) || number < 0) throw new UsageError(`--${name} must be a whole number, not "${value}".`);
  return number;
}

/** --feature-level: an older server's level, within what the sandbox can act as. */
function featureLevel(value: string | undefined): number | undefined {
  const level = integer('feature-level', value);
  if (level === undefined) return undefined;
  const problem = featureLevelProblem(level);
  if (problem) throw new UsageError(`--feature-level ${problem}`);
  return level;
}

/** Reads the arguments after `npm run server --`; throws UsageError for anything it cannot use. */
export function parseServerArgs(args: readonly string[]): CliCommand {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        port: { type: 'string', default: '0' },
        data: { type: 'string' },
        seed: { type: 'string', default: 'demo' },
        users: { type: 'string' },
        'daily-invite-limit': { type: 'string' },
        'license-limit': { type: 'string' },
        'push-configured': { type: 'boolean', default: false },
        'queue-idle-ms': { type: 'string' },
        'heartbeat-ms': { type: 'string' },
        'rate-limit': { type: 'string' },
        'max-upload-mib': { type: 'string' },
        'feature-level': { type: 'string' },
        'tls-cert': { type: 'string' },
        'tls-key': { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return { help: true };
  if (!values.data) throw new UsageError('--data DIR is required: the folder the sandbox keeps its database in.');
  const seed = values.seed as SeedName;
  if (!SEEDS.includes(seed)) throw new UsageError(`--seed must be demo, large, huge or empty, not "${values.seed}".`);
  const seedUsers = integer('users', values.users);
  const usersProblem = seedUsers === undefined ? null : seedUsersProblem(seed, seedUsers);
  if (usersProblem) throw new UsageError(usersProblem);
  // Only the options given reach startServer, so the others keep DEFAULT_CONFIG's values.
  const config = Object.fromEntries(
    Object.entries({
      dailyInviteLimit: integer('daily-invite-limit', values['daily-invite-limit']),
      licenseLimit: integer('license-limit', values['license-limit']),
      pushConfigured: values['push-configured'] || undefined,
      queueIdleMs: integer('queue-idle-ms', values['queue-idle-ms']),
      heartbeatMs: integer('heartbeat-ms', values['heartbeat-ms']),
      rateLimitPerMinute: integer('rate-limit', values['rate-limit']),
      maxFileUploadSizeMib: integer('max-upload-mib', values['max-upload-mib']),
      featureLevel: featureLevel(values['feature-level']),
    }).filter(([, value]) => value !== undefined),
  );
  const certFile = values['tls-cert'];
  const keyFile = values['tls-key'];
  if ((certFile === undefined) !== (keyFile === undefined)) throw new UsageError('--tls-cert and --tls-key go together: give the certificate and its key (PEM files), or neither for plain HTTP.');
  const tls = certFile !== undefined && keyFile !== undefined ? { tls: { certFile, keyFile } } : {};
  const size = seedUsers === undefined ? {} : { seedUsers };
  return { help: false, options: { port: integer('port', values.port), dataDir: values.data, seed, ...size, config, ...tls } };
}
