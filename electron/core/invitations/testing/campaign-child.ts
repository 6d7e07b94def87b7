// A console core process that runs one campaign, for the crash test to kill with SIGKILL.
// `node --import tsx campaign-child.ts DATA_DIR ACCOUNT_ID TAG COUNT BATCH_SIZE` signs in with the
// account saved in DATA_DIR and starts a campaign of COUNT fresh addresses. Every POST /invites waits
// 150 ms before it leaves and 150 ms after the server has answered, and says so on stdout
// ("sending", "acted"), so the test can kill it in either window: before the request reached the
// server, or after the server acted but before the console heard.
import { AccountService } from '../../accounts/accounts';
import { FileSecretStore } from '../../accounts/file-secret-store';
import { Campaigns } from '../campaigns';
import { freshAddresses, MEMBER_OPTIONS } from './campaign-harness';

const [dataDir = '', accountId = '', tag = '', count = '0', batchSize = '1'] = process.argv.slice(2);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const fetch: typeof globalThis.fetch = async (input, init) => {
  const inviting = (init?.method ?? 'GET') === 'POST' && new URL(String(input instanceof Request ? input.url : input)).pathname === '/api/v1/invites';
  if (!inviting) return globalThis.fetch(input, init);
  console.log('sending');
  await pause(150);
  const response = await globalThis.fetch(input, init);
  const body = await response.text();
  console.log('acted');
  await pause(150);
  return new Response(body, { status: response.status, headers: response.headers });
};

const accounts = new AccountService({ dataDir, secrets: new FileSecretStore(dataDir), clientOptions: { fetch } });
const campaigns = new Campaigns({ dataDir, accounts, push: () => undefined, log: () => undefined });
const { id } = campaigns.start(accountId, { addresses: freshAddresses(tag, Number(count)), options: MEMBER_OPTIONS, batchSize: Number(batchSize) });
console.log(`started ${id}`);
await campaigns.whenIdle(id);
console.log('finished');
