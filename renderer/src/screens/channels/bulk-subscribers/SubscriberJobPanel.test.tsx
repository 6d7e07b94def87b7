// The bulk subscriber job's panel over the fake bridge: cancelling a running job.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import type { SubscriberJob } from '../../../../../shared/ipc';
import { installFakeBridge, removeFakeBridge, renderWithQueries } from '../../../testing/fake-bridge';
import { SubscriberJobPanel } from './SubscriberJobPanel';

afterEach(() => {
  cleanup();
  removeFakeBridge();
});

const running: SubscriberJob = {
  id: 'job-1',
  account: 'acc1',
  action: 'add',
  status: 'running',
  startedAt: 1,
  finishedAt: null,
  batchSize: 1,
  channels: [{ channelId: 10, name: 'design' }],
  users: [
    { userId: 1, fullName: 'Ann', email: 'ann@example.com' },
    { userId: 2, fullName: 'Bob', email: 'bob@example.com' },
  ],
  results: [
    { userId: 1, channelId: 10, outcome: 'added', reason: null },
    { userId: 2, channelId: 10, outcome: 'pending', reason: null },
  ],
};

test('"Cancel the rest" while the job runs asks the core to cancel it, and the panel then says it was cancelled', async () => {
  const cancelled: SubscriberJob = {
    ...running,
    status: 'cancelled',
    finishedAt: 2,
    results: [running.results[0]!, { userId: 2, channelId: 10, outcome: 'cancelled', reason: 'Not sent: the job was cancelled.' }],
  };
  const bridge = installFakeBridge({
    'channels.subscribers.job.get': () => running,
    'channels.subscribers.job.cancel': () => cancelled,
  });
  renderWithQueries(<SubscriberJobPanel account="acc1" jobId="job-1" onShow={() => undefined} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Cancel the rest' }));
  expect(await screen.findByRole('heading', { name: 'Adding 2 people to 1 channel: cancelled' })).toBeTruthy();
  expect(bridge.callsTo('channels.subscribers.job.cancel')).toEqual([{ account: 'acc1', jobId: 'job-1' }]);
  expect(screen.queryByRole('button', { name: 'Cancel the rest' })).toBeNull();
  expect(screen.getByText(/1 cancelled/)).toBeTruthy();
});
