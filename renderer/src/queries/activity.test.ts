// An open activity log follows the core: the activity.appended push marks every cached page of that
// account's log stale (so the pages in view are read again), and no other account's.
import { expect, test } from 'vitest';
import { createQueryClient } from './client';
import { activityKey } from './activity';
import { createPushHandler } from './pushes';

test("activity.appended makes that account's cached log pages stale, and only that account's", async () => {
  const client = createQueryClient();
  const page = [...activityKey('acc-olivia'), 'query', {}, 0];
  const other = [...activityKey('acc-adam'), 'query', {}, 0];
  client.setQueryData(page, { total: 0, size: 0, entries: [], choices: { actors: [], users: [], channels: [] } });
  client.setQueryData(other, { total: 0, size: 0, entries: [], choices: { actors: [], users: [], channels: [] } });
  await createPushHandler(client)({ kind: 'activity.appended', account: 'acc-olivia' });
  expect(client.getQueryState(page)?.isInvalidated).toBe(true);
  expect(client.getQueryState(other)?.isInvalidated).toBe(false);
});
