// The campaign journal is written once per batch, durably, before the batch's request leaves (with the
// previous batch's outcomes in it), not twice: on a 10,000-address campaign the second write was the
// larger half of the console's own time per batch (e2e/bench/campaign-throughput.ts). What a write no
// longer covers is covered by the in-flight mark: a console killed after a reply, before the next
// write, asks the server on its next start (campaign-crash.test.ts), so every address is still invited once.
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { CampaignJournal } from './campaign-journal';
import type { CampaignRecord } from './campaign-record';
import { campaignConsole, clientFor, freshAddresses, invitationsPerAddress, MEMBER_OPTIONS } from './testing/campaign-harness';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo', args: ['--daily-invite-limit', '100000'] });
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
});

test('three batches are three journal writes besides the start and the end, each before its request', async () => {
  const console_ = await campaignConsole(sandbox.url);
  const written: { inFlight: number; invited: number; requestsSoFar: number }[] = [];
  const original = CampaignJournal.prototype.write;
  const write = vi.spyOn(CampaignJournal.prototype, 'write').mockImplementation(function (this: CampaignJournal, record: CampaignRecord) {
    written.push({
      inFlight: record.inFlight?.emails.length ?? 0,
      invited: record.addresses.filter((address) => address.outcome === 'invited').length,
      requestsSoFar: console_.requests.filter((request) => request === 'POST /api/v1/invites').length,
    });
    original.call(this, record);
  });
  try {
    const addresses = freshAddresses('one-write', 6);
    const { id } = console_.campaigns.start(console_.accountId, { addresses, options: MEMBER_OPTIONS, batchSize: 2 });
    await console_.campaigns.whenIdle(id);
    expect(console_.campaigns.get(console_.accountId, id).status).toBe('done');
    expect(written).toEqual([
      { inFlight: 0, invited: 0, requestsSoFar: 0 },
      { inFlight: 2, invited: 0, requestsSoFar: 0 },
      { inFlight: 2, invited: 2, requestsSoFar: 1 },
      { inFlight: 2, invited: 4, requestsSoFar: 2 },
      { inFlight: 0, invited: 6, requestsSoFar: 3 },
    ]);
    const onServer = await invitationsPerAddress(await clientFor(sandbox.url, 'adam@sandbox.test'));
    expect(addresses.map(({ email }) => onServer.get(email))).toEqual(addresses.map(() => 1));
  } finally {
    write.mockRestore();
    await console_.close();
  }
});
