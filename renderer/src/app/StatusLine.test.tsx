import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { BRIDGE_GLOBAL, type AppInfo, type Bridge } from '../../../shared/ipc';
import { StatusLine } from './StatusLine';

function renderStatusLine() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <StatusLine />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  delete window[BRIDGE_GLOBAL];
});

describe('status line', () => {
  test('names the console version and the runtime the core runs in', async () => {
    const info: AppInfo = {
      name: 'realm-console',
      version: '0.1.0',
      platform: 'linux',
      runtime: { kind: 'electron', node: '22.20.0', electron: '45.4.1', chrome: '146.0.0.0' },
    };
    window[BRIDGE_GLOBAL] = { call: async () => ({ ok: true, value: info }), subscribe: () => () => undefined } as unknown as Bridge;
    renderStatusLine();
    expect(await screen.findByText('Realm Console 0.1.0 · linux · Electron 45.4.1')).toBeTruthy();
  });

  test('says in words that the page is not connected when there is no core', async () => {
    renderStatusLine();
    const status = await screen.findByText(/Not connected to the Realm Console core/);
    expect(status.getAttribute('data-state')).toBe('error');
  });
});
