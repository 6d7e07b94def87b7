// `npm run server` reads every option docs/server.md lists from its command line.
import { describe, expect, test } from 'vitest';
import { parseServerArgs, UsageError } from './cli-args';

describe('the command line of npm run server', () => {
  test('every option reaches startServer', () => {
    const command = parseServerArgs([
      '--port', '8123', '--data', '/tmp/sandbox', '--seed', 'large',
      '--daily-invite-limit', '7', '--license-limit', '50', '--push-configured',
      '--queue-idle-ms', '1500', '--heartbeat-ms', '250', '--rate-limit', '30', '--max-upload-mib', '2',
      '--feature-level', '300',
    ]);
    expect(command).toEqual({
      help: false,
      options: {
        port: 8123,
        dataDir: '/tmp/sandbox',
        seed: 'large',
        config: {
          dailyInviteLimit: 7,
          licenseLimit: 50,
          pushConfigured: true,
          queueIdleMs: 1500,
          heartbeatMs: 250,
          rateLimitPerMinute: 30,
          maxFileUploadSizeMib: 2,
          featureLevel: 300,
        },
      },
    });
  });

  test('without options the server listens on a free port with the demo seed and the default configuration', () => {
    expect(parseServerArgs(['--data', 'dir'])).toEqual({ help: false, options: { port: 0, dataDir: 'dir', seed: 'demo', config: {} } });
  });

  test('--tls-cert and --tls-key make it serve HTTPS with those PEM files', () => {
    expect(parseServerArgs(['--data', 'dir', '--tls-cert', 'server.pem', '--tls-key', 'server.key'])).toEqual({
      help: false,
      options: { port: 0, dataDir: 'dir', seed: 'demo', config: {}, tls: { certFile: 'server.pem', keyFile: 'server.key' } },
    });
  });

  test.each([[['--tls-cert', 'server.pem']], [['--tls-key', 'server.key']]])('%j alone is refused: the two go together', (args) => {
    expect(() => parseServerArgs(['--data', 'dir', ...args])).toThrow(
      new UsageError('--tls-cert and --tls-key go together: give the certificate and its key (PEM files), or neither for plain HTTP.'),
    );
  });

  test.each([
    [['--seed', 'huge'], { seed: 'huge' }],
    [['--seed', 'huge', '--users', '50000'], { seed: 'huge', seedUsers: 50_000 }],
    [['--seed', 'large', '--users', '1000'], { seed: 'large', seedUsers: 1_000 }],
  ])('%j seeds a new data directory with %j', (args, seeding) => {
    expect(parseServerArgs(['--data', 'dir', ...args])).toEqual({ help: false, options: { port: 0, dataDir: 'dir', ...seeding, config: {} } });
  });

  test('--help asks for the usage', () => {
    expect(parseServerArgs(['--help'])).toEqual({ help: true });
  });

  test.each([
    [['--seed', 'demo'], '--data DIR is required: the folder the sandbox keeps its database in.'],
    [['--data', 'dir', '--seed', 'giant'], '--seed must be demo, large, huge or empty, not "giant".'],
    [['--data', 'dir', '--users', '5000'], '--users sizes the generated seeds (large, huge); the demo seed has its own fixed people.'],
    [['--data', 'dir', '--seed', 'empty', '--users', '5000'], '--users sizes the generated seeds (large, huge); the empty seed has its own fixed people.'],
    [['--data', 'dir', '--seed', 'huge', '--users', 'many'], '--users must be a whole number, not "many".'],
    [['--data', 'dir', '--seed', 'large', '--users', '99'], '--users must be a whole number from 100 to 1,000,000, not 99.'],
    [['--data', 'dir', '--seed', 'huge', '--users', '1000001'], '--users must be a whole number from 100 to 1,000,000, not 1000001.'],
    [['--data', 'dir', '--heartbeat-ms', 'soon'], '--heartbeat-ms must be a whole number, not "soon".'],
    [['--data', 'dir', '--license-limit=-1'], '--license-limit must be a whole number, not "-1".'],
    [['--data', 'dir', '--queue-idle-ms', '1.5'], '--queue-idle-ms must be a whole number, not "1.5".'],
    [['--data', 'dir', '--feature-level', 'old'], '--feature-level must be a whole number, not "old".'],
    [
      ['--data', 'dir', '--feature-level', '95'],
      '--feature-level must be a whole number from 96 (the oldest level with PATCH /realm/user_settings_defaults) to 421 (the level this sandbox implements), not 95.',
    ],
    [
      ['--data', 'dir', '--feature-level', '422'],
      '--feature-level must be a whole number from 96 (the oldest level with PATCH /realm/user_settings_defaults) to 421 (the level this sandbox implements), not 422.',
    ],
  ])('%j is refused: %s', (args, message) => {
    expect(() => parseServerArgs(args)).toThrow(new UsageError(message));
  });

  test('an unknown option is refused, naming it', () => {
    expect(() => parseServerArgs(['--data', 'dir', '--colour', 'blue'])).toThrow(/--colour/);
  });
});
