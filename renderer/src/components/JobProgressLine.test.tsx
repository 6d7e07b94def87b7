import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import type { JobProgress } from '../../../shared/ipc';
import { JobProgressLine, jobFigures } from './JobProgressLine';

afterEach(cleanup);

const OUTCOMES = ['changed', 'failed'] as const;
const WORDS = { pending: 'Waiting', changed: 'Changed', failed: 'Failed' };
const results = [{ outcome: 'changed' }, { outcome: 'failed' }, { outcome: 'pending' }, { outcome: 'pending' }];
const push: JobProgress = { id: 'job', type: 'roleBatch', status: 'running', done: 3, total: 4, counts: { changed: 2, failed: 1 }, etaSeconds: 90, detail: null };

function line(job: { status: JobProgress['status']; results: { outcome: string }[] }, progress: JobProgress | undefined, withTimeLeft?: boolean) {
  render(<JobProgressLine label="Progress of the job" figures={jobFigures(job, progress, OUTCOMES)} outcomes={OUTCOMES} words={WORDS} withTimeLeft={withTimeLeft} />);
  return screen.getByText(/done/).textContent;
}

test('a running job counts by the latest push and says the time left', () => {
  expect(line({ status: 'running', results }, push)).toBe('3 of 4 done · 2 changed · 1 failed · about 2 min left');
  expect(screen.getByRole('progressbar', { name: 'Progress of the job' })).toHaveProperty('value', 3);
});

test('a stopped job counts its results, not a push from while it ran', () => {
  expect(line({ status: 'cancelled', results }, push)).toBe('2 of 4 done · 1 changed · 1 failed');
});

test('a panel can leave the time left out', () => {
  expect(line({ status: 'running', results }, push, false)).toBe('3 of 4 done · 2 changed · 1 failed');
});
