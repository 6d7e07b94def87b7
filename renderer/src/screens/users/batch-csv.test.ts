// A bulk job's results as the file an administrator opens in a spreadsheet.
import { expect, test } from 'vitest';
import type { User } from '../../../../shared/api/users';
import type { RoleBatch, StatusBatch } from '../../../../shared/ipc';
import { batchCsv } from './batch-csv';
import { demoPeople } from './testing/users-harness';
import { lookupMaker } from './users-by-id';

const people = demoPeople();
const [olivia, adam, , mark] = people as [User, User, User, User];
const users = lookupMaker()(people);
const startedAt = Date.UTC(2026, 10, 28, 9, 30);

const roleBatch: RoleBatch = {
  id: 'b7f3e2a1-0000-4000-8000-000000000000',
  account: 'acc-olivia',
  role: 300,
  status: 'done',
  startedAt,
  finishedAt: startedAt + 2_000,
  results: [
    { userId: olivia.user_id, fullName: 'Olivia Owner', outcome: 'failed', reason: 'Olivia Owner is the only owner of this organization and cannot lose the owner role.' },
    { userId: adam.user_id, fullName: 'Adam Admin', outcome: 'changed', reason: null },
    { userId: 999, fullName: '=cmd|calc', outcome: 'unchanged', reason: null },
  ],
};

test('one line per user in the job\'s order: ID, name, email, what was asked, the outcome and why', () => {
  const { filename, csv } = batchCsv(roleBatch, users);
  expect(filename).toBe('bulk-role-change-2026-11-28-b7f3e2a1.csv');
  expect(csv.split('\r\n')).toEqual([
    'User ID,Name,Email,Request,Outcome,Reason',
    `${String(olivia.user_id)},Olivia Owner,${olivia.delivery_email ?? olivia.email},Change role to moderator,Failed,Olivia Owner is the only owner of this organization and cannot lose the owner role.`,
    `${String(adam.user_id)},Adam Admin,${adam.delivery_email ?? adam.email},Change role to moderator,Changed,`,
    // A user no longer in the realm's list has no email; a name like a formula stays text.
    "999,'=cmd|calc,,Change role to moderator,Unchanged,",
    '',
  ]);
});

test('a deactivation cancelled part-way says which users were not done', () => {
  const batch: StatusBatch = {
    id: 'c1d2e3f4-0000-4000-8000-000000000000',
    account: 'acc-olivia',
    active: false,
    status: 'cancelled',
    startedAt,
    finishedAt: startedAt + 1_000,
    results: [
      { userId: mark.user_id, fullName: 'Mark Member', outcome: 'changed', reason: null },
      { userId: adam.user_id, fullName: 'Adam Admin', outcome: 'pending', reason: null },
    ],
  };
  const { filename, csv } = batchCsv(batch, users);
  expect(filename).toBe('bulk-deactivation-2026-11-28-c1d2e3f4.csv');
  expect(csv).toContain(`${String(mark.user_id)},Mark Member,${mark.delivery_email ?? mark.email},Deactivate,Changed,`);
  expect(csv).toContain(`${String(adam.user_id)},Adam Admin,${adam.delivery_email ?? adam.email},Deactivate,Not done,`);
});
