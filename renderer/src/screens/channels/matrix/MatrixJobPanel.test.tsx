// The permission matrix's job panel over the fake bridge: its heading counts channels as a person would.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import type { ChannelBatch } from '../../../../../shared/ipc';
import { installFakeBridge, removeFakeBridge, renderWithQueries } from '../../../testing/fake-bridge';
import { MatrixJobPanel } from './MatrixJobPanel';

afterEach(() => {
  cleanup();
  removeFakeBridge();
});

const done = (names: string[]): ChannelBatch => ({
  id: 'batch-1',
  account: 'acc1',
  status: 'done',
  startedAt: 1,
  finishedAt: 2,
  results: names.map((name, index) => ({
    channelId: index + 1,
    channelName: name,
    outcome: 'changed',
    reason: null,
    parts: [{ property: 'topicsPolicy', outcome: 'changed', words: 'Topics: Named topics only', reason: null }],
  })),
});

test('a finished bulk change of one channel says "1 channel", of several "channels"', async () => {
  installFakeBridge({ 'channels.batch.get': () => done(['design']) });
  renderWithQueries(<MatrixJobPanel account="acc1" batchId="batch-1" onShow={() => undefined} />);
  expect(await screen.findByRole('heading', { name: 'Bulk change of 1 channel: done' })).toBeTruthy();
  cleanup();
  removeFakeBridge();

  installFakeBridge({ 'channels.batch.get': () => done(['design', 'engineering']) });
  renderWithQueries(<MatrixJobPanel account="acc1" batchId="batch-1" onShow={() => undefined} />);
  expect(await screen.findByRole('heading', { name: 'Bulk change of 2 channels: done' })).toBeTruthy();
});
