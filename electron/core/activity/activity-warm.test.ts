// Warming an activity log's index ahead of its first query, on a real disk: chunked, each line parsed once.
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { ActivityLog } from './activity-log';

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A data folder whose log for `acc1` holds `count` entries, then `tail` as written. */
function logWith(count: number, tail = ''): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'activity-warm-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'activity'));
  const lines = Array.from({ length: count }, (_, i) =>
    JSON.stringify({ at: i + 1, actor: 'Olivia Owner', action: 'Changed role', target: `User ${i}`, details: 'Member → Moderator', result: 'ok', error: null }),
  );
  writeFileSync(path.join(dir, 'activity', 'acc1.jsonl'), lines.join('\n') + '\n' + tail);
  return dir;
}

const everything = {} as const;

test('warming parses the file in chunks, and the first query then parses nothing', async () => {
  let pauses = 0;
  const log = new ActivityLog(logWith(5000), { warmChunkLines: 1000, pause: async () => void (pauses += 1) });
  await log.warm('acc1');
  expect(pauses).toBeGreaterThanOrEqual(4);
  const parse = vi.spyOn(JSON, 'parse');
  const page = log.query('acc1', everything, 0, 10);
  expect(parse).not.toHaveBeenCalled();
  expect(page.total).toBe(5000);
  expect(page.entries[0]?.target).toBe('User 4999');
});

test('a query during warming parses the rest itself, each line once, and a damaged line is reported once', async () => {
  const logged: string[] = [];
  const dir = logWith(3000, 'not json\n{"at":"yesterday"}\n');
  let duringWarm: number | undefined;
  const log = new ActivityLog(dir, {
    warmChunkLines: 500,
    log: (message) => logged.push(message),
    pause: async () => {
      // The first pause is mid-file: a query arrives (and an entry is appended) while warming.
      if (duringWarm !== undefined) return;
      duringWarm = log.query('acc1', everything, 0, 5).total;
      appendFileSync(path.join(dir, 'activity', 'acc1.jsonl'), JSON.stringify({ at: 9e12, actor: 'A', action: 'B', target: 'Late', details: '', result: 'ok', error: null }) + '\n');
    },
  });
  const parse = vi.spyOn(JSON, 'parse');
  await log.warm('acc1');
  expect(duringWarm).toBe(3000);
  expect(parse).toHaveBeenCalledTimes(3002); // every line once: the query took over, the warm-up stopped
  expect(logged.filter((message) => message.includes('skipped 2 unreadable lines'))).toHaveLength(1);
  const after = log.query('acc1', everything, 0, 1);
  expect(after.total).toBe(3001);
  expect(after.entries[0]?.target).toBe('Late');
});

test('warming a log that does not exist, or one already read, does nothing', async () => {
  const log = new ActivityLog(logWith(3));
  await expect(log.warm('acc2')).resolves.toBeUndefined();
  expect(log.query('acc1', everything, 0, 10).total).toBe(3);
  const parse = vi.spyOn(JSON, 'parse');
  await log.warm('acc1');
  expect(parse).not.toHaveBeenCalled();
});

test('warmSoon warms each account after its delay, without being awaited', async () => {
  const log = new ActivityLog(logWith(10));
  let warmed!: () => void;
  const done = new Promise<void>((resolve) => (warmed = resolve));
  const warm = vi.spyOn(log, 'warm').mockImplementation(async () => warmed());
  log.warmSoon(['acc1'], 0);
  expect(warm).not.toHaveBeenCalled();
  await done;
  expect(warm).toHaveBeenCalledWith('acc1');
});
