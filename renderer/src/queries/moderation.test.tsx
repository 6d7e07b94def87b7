import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { AppInfo } from '../../../shared/ipc';
import { Toasts } from '../app/Toasts';
import { useToasts } from '../stores/toasts';
import { installFakeBridge, removeFakeBridge } from '../testing/fake-bridge';
import { olivia } from '../testing/demo-samples';
import { createQueryClient } from './client';
import { usePushes } from './pushes';

const info = (kind: 'electron' | 'node'): AppInfo => ({
  name: 'Realm Console',
  version: '0.1.0',
  platform: 'linux',
  runtime: { kind, node: '20.19.0', electron: kind === 'electron' ? '45.0.0' : null, chrome: null },
});

function Pushes() {
  usePushes();
  return <Toasts />;
}

function mount(runtime: 'electron' | 'node' | 'unknown') {
  const bridge = installFakeBridge({
    'app.info': () => (runtime === 'unknown' ? { error: { code: 'INTERNAL', msg: 'No answer.' } } : info(runtime)),
    'accounts.list': () => [olivia],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Pushes />
    </QueryClientProvider>,
  );
  return bridge;
}

const report = { kind: 'moderation.report', account: olivia.id, reportId: 105, summary: 'Mark Member reported Gina Guest: Spam' } as const;

beforeEach(() => useToasts.setState({ toasts: [] }));

afterEach(() => {
  cleanup();
  removeFakeBridge();
});

describe('a new report pushed by the core', () => {
  test('raises a toast in browser mode', async () => {
    const bridge = mount('node');
    act(() => bridge.push(report));
    expect(await screen.findByText('New report: Mark Member reported Gina Guest: Spam')).toBeTruthy();
    expect(screen.getByText('Open Moderation to review it.')).toBeTruthy();
  });

  test('raises no toast in the Electron app, where the main process shows a desktop notification', async () => {
    const bridge = mount('electron');
    act(() => bridge.push(report));
    await waitFor(() => expect(bridge.callsTo('app.info')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(useToasts.getState().toasts).toEqual([]);
  });

  test('raises the toast when the console cannot tell where it runs', async () => {
    const bridge = mount('unknown');
    act(() => bridge.push(report));
    expect(await screen.findByText('New report: Mark Member reported Gina Guest: Spam')).toBeTruthy();
  });
});
