// What the core's pushes leave in the log: queue states (a lost connection as a problem), job steps
// (a paused or stopped job as a problem, with why), reports without their quoted content, and no line
// per realm event.
import { expect, test } from 'vitest';
import type { Push } from '../../../shared/ipc';
import { logPush } from './core-events';
import type { Log, LogFields } from './log';

function listeningLog() {
  const lines: { level: string; event: string; fields: LogFields }[] = [];
  const log = {
    info: (event: string, fields: LogFields = {}) => lines.push({ level: 'info', event, fields }),
    warn: (event: string, fields: LogFields = {}) => lines.push({ level: 'warn', event, fields }),
    error: (event: string, fields: LogFields = {}) => lines.push({ level: 'error', event, fields }),
  } as unknown as Log;
  return { log, lines };
}

const job = { id: 'j1', type: 'roleBatch' as const, done: 3, total: 10, counts: { changed: 3 }, etaSeconds: null, detail: null };

test('job steps are logged, and a job that stops says why as a problem', () => {
  const { log, lines } = listeningLog();
  logPush(log, { kind: 'job.progress', account: 'a1', job: { ...job, status: 'running' } });
  logPush(log, { kind: 'job.progress', account: 'a1', job: { ...job, type: 'campaign', status: 'paused', detail: 'The daily invitation limit was reached.' } });
  expect(lines).toEqual([
    { level: 'info', event: 'job step', fields: { account: 'a1', job: 'j1', type: 'roleBatch', status: 'running', done: 3, total: 10, counts: { changed: 3 } } },
    { level: 'warn', event: 'job step', fields: expect.objectContaining({ status: 'paused', message: 'campaign paused: The daily invitation limit was reached.' }) },
  ]);
});

test('queue states: live is news, a lost connection is a problem', () => {
  const { log, lines } = listeningLog();
  logPush(log, { kind: 'session.state', account: 'a1', state: 'live', detail: null, retryAt: null, lastLiveAt: null });
  logPush(log, { kind: 'session.state', account: 'a1', state: 'reconnecting', detail: 'Lost the connection.', retryAt: Date.parse('2026-03-01T10:00:00Z'), lastLiveAt: 1 });
  expect(lines.map((line) => [line.level, line.event, line.fields.state, line.fields.retryAt ?? null])).toEqual([
    ['info', 'queue state', 'live', null],
    ['warn', 'queue state', 'reconnecting', '2026-03-01T10:00:00.000Z'],
  ]);
});

test('a report is logged without its summary, which quotes a message; realm events are not logged one by one', () => {
  const { log, lines } = listeningLog();
  const pushes: Push[] = [
    { kind: 'moderation.report', account: 'a1', reportId: 7, summary: 'Mark reported: "my password is hunter2"' },
    { kind: 'realm.changed', account: 'a1', changes: [{ collection: 'users', ids: [1] }] },
  ];
  for (const push of pushes) logPush(log, push);
  expect(lines).toEqual([{ level: 'info', event: 'report arrived', fields: { account: 'a1', reportId: 7 } }]);
});
