import { expect, test } from 'vitest';
import { startSandbox } from './sandbox';

test('the test sandbox runs as its own process and comes back on the same address after a restart', async () => {
  const sandbox = await startSandbox({ seed: 'empty' });
  try {
    const before = sandbox.url;
    expect((await fetch(`${before}/api/v1/server_settings`)).status).toBe(200);
    await sandbox.restart();
    expect(sandbox.url).toBe(before);
    expect((await fetch(`${before}/api/v1/server_settings`)).status).toBe(200);
  } finally {
    await sandbox.close();
  }
}, 30_000);
