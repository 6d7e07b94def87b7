// Every log the run writes, in one known folder: each test's core and sandbox log under
// test-results/e2e-logs/<project>-<test id>/, beside the secrets that test used (secrets.json). After
// each test its own logs are searched for those secrets, and after the run (global-teardown.ts) all of
// them are, for every secret of the run: no API key, password or Authorization value may be in a log.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const RUN_LOGS_DIR = path.join(repoRoot, 'test-results', 'e2e-logs');
const SECRETS_FILE = 'secrets.json';

export function clearRunLogs(): void {
  rmSync(RUN_LOGS_DIR, { recursive: true, force: true });
  mkdirSync(RUN_LOGS_DIR, { recursive: true });
}

/** The folder of one test's logs (its core's in core/, its sandbox's in sandbox/). */
export function testLogFolder(project: string, testId: string): string {
  return path.join(RUN_LOGS_DIR, `${project}-${testId}`);
}

export function writeSecrets(folder: string, secrets: readonly string[]): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, SECRETS_FILE), JSON.stringify([...new Set(secrets)]));
}

/** Every secret any test of the run wrote down. */
export function runSecrets(): string[] {
  const secrets = new Set<string>();
  for (const file of filesUnder(RUN_LOGS_DIR).filter((name) => path.basename(name) === SECRETS_FILE)) {
    for (const secret of JSON.parse(readFileSync(file, 'utf8')) as string[]) secrets.add(secret);
  }
  return [...secrets];
}

export function logFilesUnder(folder: string): string[] {
  return filesUnder(folder).filter((file) => file.endsWith('.log'));
}

export interface LogLeak {
  file: string;
  /** What leaked, never the secret itself (the report must not leak it again). */
  what: string;
  line: number;
}

/**
 * Credentials in any shape a log could hold them: a secret of the run verbatim, an Authorization
 * value, or a password, key or token field or parameter with a value that is not the redaction mark.
 */
const SHAPES: [RegExp, string][] = [
  [/\b(?:Basic|Bearer)\s+(?!\[redacted\])[A-Za-z0-9+/=._~-]{12,}/, 'an Authorization value'],
  [/"(?:password|passwd|api_key|apiKey|token|authorization)"\s*:\s*"(?!\[redacted\])[^"]+"/i, 'a credential field with a value'],
  [/\b(?:password|passwd|api_key|token)=(?!\[redacted\])[^&\s"',}]+/i, 'a credential parameter with a value'],
];

export function findLeaks(folder: string, secrets: readonly string[]): LogLeak[] {
  const leaks: LogLeak[] = [];
  for (const file of logFilesUnder(folder)) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, index) => {
        const secret = secrets.findIndex((candidate) => candidate.length >= 8 && text.includes(candidate));
        if (secret >= 0) leaks.push({ file: path.relative(RUN_LOGS_DIR, file), what: `secret #${secret + 1} of the run`, line: index + 1 });
        for (const [shape, what] of SHAPES) if (shape.test(text)) leaks.push({ file: path.relative(RUN_LOGS_DIR, file), what, line: index + 1 });
      });
  }
  return leaks;
}

export function describeLeaks(leaks: readonly LogLeak[]): string {
  return leaks
    .slice(0, 20)
    .map((leak) => `${leak.file}:${leak.line}: ${leak.what}`)
    .join('\n');
}

function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}
