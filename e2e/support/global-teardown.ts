// After the whole run: every core and sandbox log any test wrote (test-results/e2e-logs) is searched
// for every API key and password the run used, and for credentials in any shape; one found fails the run.
import { describeLeaks, findLeaks, logFilesUnder, RUN_LOGS_DIR, runSecrets } from './run-logs';

export default function globalTeardown(): void {
  const secrets = runSecrets();
  // No test ran (every test skipped, as the electron project is here): nothing was logged.
  if (secrets.length === 0) return;
  const files = logFilesUnder(RUN_LOGS_DIR);
  if (files.length === 0) throw new Error(`The run used ${secrets.length} secrets but wrote no log in ${RUN_LOGS_DIR}: the log check proved nothing.`);
  const leaks = findLeaks(RUN_LOGS_DIR, secrets);
  if (leaks.length > 0) throw new Error(`Credentials found in ${leaks.length} places of the run's logs (${RUN_LOGS_DIR}):\n${describeLeaks(leaks)}`);
  console.log(`Log check: ${files.length} log files of the run hold none of its ${secrets.length} API keys and passwords.`);
}
