// The sandbox's request log while the server stops: a request answered after the log closed must not
// throw (it once surfaced as an unhandled "SonicBoom destroyed" error in the uploads tests).
import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { openServerLog } from './log-file';

test('a line logged after the log closed is dropped, not thrown; the lines before it are in the file', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'sandbox-log-'));
  const log = await openServerLog(dir);
  log.logger.info({ req: { method: 'GET', url: '/api/v1/users?secret=1' } }, 'before');
  await log.close();
  expect(() => log.logger.info('after')).not.toThrow();
  const [file] = await readdir(dir);
  const text = await readFile(path.join(dir, file!), 'utf8');
  expect(text).toContain('"before"');
  expect(text).not.toContain('"after"');
  expect(text).not.toContain('secret');
});
