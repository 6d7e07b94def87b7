// The job runner on its own (each kind of job is tested against a real sandbox beside its code): the
// bound on items in flight, phases one after another, a bug costing one result and never the job,
// cancel, and the errors for unknown, running and nothing-to-retry jobs.
import { expect, test } from 'vitest';
import type { Push } from '../../../shared/ipc';
import { CANCELLED_DETAIL, JobRunner, type Job } from './job-runner';

interface Item {
  key: number;
  outcome: 'pending' | 'done' | 'failed';
  reason: string | null;
}
type TestJob = Job<Item>;

function runner(concurrency: number, pushes: Push[] = []) {
  return new JobRunner<Item, TestJob, string | undefined>({
    type: 'channelBatch',
    push: (message) => pushes.push(message),
    concurrency,
    progressIntervalMs: 0,
    keepFinished: 5,
    outcomes: ['done', 'failed'],
    estimate: true,
    idField: 'jobId',
    words: { unknown: 'Not known.', running: 'Still running.' },
    cancelItem: (item) => Object.assign(item, { outcome: 'failed', reason: 'Cancelled.' }),
    snapshot: (job) => ({ ...job, results: job.results.map((item) => ({ ...item })) }),
  });
}

const items = (n: number): Item[] => Array.from({ length: n }, (_, key) => ({ key, outcome: 'pending', reason: null }));

/** Work that waits until the test lets each item through. */
function gate() {
  const waiting = new Map<number, () => void>();
  let inFlight = 0;
  let most = 0;
  const work = (item: Item) =>
    new Promise<void>((resolve) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      waiting.set(item.key, () => {
        inFlight -= 1;
        item.outcome = 'done';
        resolve();
      });
    });
  const release = async (key: number) => {
    await until(() => waiting.has(key));
    waiting.get(key)?.();
    waiting.delete(key);
  };
  return { work, release, most: () => most, waiting: () => [...waiting.keys()] };
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 1));
}

async function finished(jobs: ReturnType<typeof runner>, job: TestJob) {
  await until(() => jobs.get('a', job.id).finishedAt !== null);
  return jobs.get('a', job.id);
}

test('no more items in flight than the bound, and each phase only after the one before', async () => {
  const jobs = runner(2);
  const { work, release, most, waiting } = gate();
  const [first, second] = [items(5), [{ key: 9, outcome: 'pending' as const, reason: null }]];
  const job = jobs.launch({ ...jobs.fresh('a'), results: [...first, ...second] }, undefined, [first, second], work);
  expect(job.results.every((item) => item.outcome === 'pending')).toBe(true);
  for (const key of [0, 1, 2, 3]) await release(key);
  expect(waiting()).toEqual([4]);
  await release(4);
  await release(9);
  expect((await finished(jobs, job)).status).toBe('done');
  expect(most()).toBe(2);
});

test('a bug in one item’s work fails that item with the words and the job still ends, with its last progress pushed', async () => {
  const pushes: Push[] = [];
  const jobs = runner(3, pushes);
  const results = items(3);
  const job = jobs.launch({ ...jobs.fresh('a'), results }, undefined, [results], async (item) => {
    if (item.key === 1) throw new Error('boom');
    item.outcome = 'done';
  });
  const done = await finished(jobs, job);
  expect(done.results.map((item) => [item.outcome, item.reason])).toEqual([
    ['done', null],
    ['failed', 'The console failed while doing this: boom'],
    ['done', null],
  ]);
  expect(pushes.at(-1)).toMatchObject({ kind: 'job.progress', job: { id: job.id, status: 'done', done: 3, total: 3, counts: { done: 2, failed: 1 }, etaSeconds: null } });
});

test('cancel fails what was not sent, lets what was sent finish, and runs no later phase', async () => {
  const pushes: Push[] = [];
  const jobs = runner(1, pushes);
  const { work, release } = gate();
  const [first, later] = [items(3), [{ key: 7, outcome: 'pending' as const, reason: null }]];
  const job = jobs.launch({ ...jobs.fresh('a'), results: [...first, ...later] }, undefined, [first, later], work);
  await release(0);
  await until(() => jobs.get('a', job.id).results[1]?.outcome === 'pending');
  const cancelled = jobs.cancel('a', job.id);
  expect(cancelled.status).toBe('cancelled');
  expect(cancelled.results.map((item) => item.outcome)).toEqual(['done', 'pending', 'failed', 'failed']);
  await release(1);
  const done = await finished(jobs, job);
  expect(done.results.map((item) => item.outcome)).toEqual(['done', 'done', 'failed', 'failed']);
  expect(done.status).toBe('cancelled');
  expect(pushes.at(-1)).toMatchObject({ job: { status: 'cancelled', detail: CANCELLED_DETAIL } });
});

test('a job of another account is not known; a running one cannot be retried, nor one with nothing to retry', async () => {
  const jobs = runner(1);
  const { work, release } = gate();
  const results = items(1);
  const job = jobs.launch({ ...jobs.fresh('a'), results }, 'extra', [results], work);
  expect(() => jobs.get('b', job.id)).toThrow(expect.objectContaining({ code: 'UNKNOWN_JOB', message: 'Not known.', extra: { jobId: job.id } }));
  expect(() => jobs.toRetry('a', job.id, () => true, 'Nothing.')).toThrow(expect.objectContaining({ code: 'JOB_RUNNING' }));
  await release(0);
  await finished(jobs, job);
  expect(() => jobs.toRetry('a', job.id, (item) => item.outcome === 'failed', 'Nothing.')).toThrow(expect.objectContaining({ code: 'NOTHING_TO_RETRY', message: 'Nothing.' }));
  expect(jobs.toRetry('a', job.id, () => true, 'Nothing.')).toMatchObject({ extra: 'extra', results: [{ key: 0 }] });
});
