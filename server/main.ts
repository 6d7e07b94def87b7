// CLI: `npm run server -- --port 0 --data DIR --seed demo`. Prints one line once listening, and
// closes cleanly on SIGINT or SIGTERM.
import { parseServerArgs, USAGE, UsageError, type CliCommand } from './cli-args';
import { describeSeeding } from './seed/report';
import { startServer } from './start';
import { errorMessage } from '../shared/node/error-message';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

async function main(): Promise<void> {
  let command: CliCommand;
  try {
    command = parseServerArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) fail(error.message);
    throw error;
  }
  if (command.help) {
    console.log(USAGE);
    return;
  }
  const server = await startServer(command.options).catch((error: unknown) => fail(errorMessage(error)));
  // On standard error, so the listening line stays the first line of standard output.
  if (server.seeded) console.error(describeSeeding(server.seeded));
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Only now: whoever reads this line may stop the server at once, and must find it ready to close.
  console.log(`listening on ${server.url}`);
}

void main();
