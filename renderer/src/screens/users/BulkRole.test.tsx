import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import type { JobProgress, RoleBatch } from '../../../../shared/ipc';
import { removeFakeBridge } from '../../testing/fake-bridge';
import { adam } from '../../testing/demo-samples';
import { demoPeople, openUsersScreen, row, tableLoaded, withRole } from './testing/users-harness';

afterEach(() => {
  cleanup();
  removeFakeBridge();
});

const ONLY_OWNER = 'Olivia Owner is the only owner of this organization and cannot lose the owner role. Make someone else an owner first.';

/** A core that runs bulk changes the test finishes by hand. */
function bulkRealm(options: Omit<Parameters<typeof openUsersScreen>[0] & object, 'answers'> = {}) {
  const batches = new Map<string, RoleBatch>();
  let next = 1;
  const begin = (userIds: number[], role: RoleBatch['role']): RoleBatch => {
    const batch: RoleBatch = {
      id: `batch-${next++}`,
      account: options.account?.id ?? 'acc-olivia',
      role,
      status: 'running',
      startedAt: 0,
      finishedAt: null,
      results: userIds.map((userId) => ({ userId, fullName: realm.users.get(userId)?.full_name ?? '', outcome: 'pending', reason: null })),
    };
    batches.set(batch.id, batch);
    return batch;
  };
  const realm = openUsersScreen({
    ...options,
    answers: {
      'users.bulkRole.start': ({ userIds, role }) => begin(userIds, role),
      'users.bulkRole.get': ({ batchId }) => batches.get(batchId) ?? { error: { code: 'UNKNOWN_JOB', msg: 'That bulk role change is not known.' } },
      'users.bulkRole.retryFailed': ({ batchId }) => {
        const failed = batches.get(batchId)?.results.filter((result) => result.outcome === 'failed') ?? [];
        return begin(
          failed.map((result) => result.userId),
          batches.get(batchId)?.role ?? 400,
        );
      },
    },
  });
  const progress = (job: Partial<JobProgress> & { id: string }) =>
    realm.push({ kind: 'job.progress', account: 'acc-olivia', job: { type: 'roleBatch', status: 'running', done: 0, total: 0, counts: {}, etaSeconds: null, detail: null, ...job } });
  return { realm, batches, progress };
}

describe('a bulk role change', () => {
  test('the confirmation lists who changes, who already has the role, and who cannot and why', async () => {
    bulkRealm();
    await tableLoaded();
    // Adam Admin … Gina Guest by name: Adam, Anna, Ben, Cara, Dan, Derek, Echo Bot, Eve, Gina.
    fireEvent.click(row('Adam Admin'));
    fireEvent.click(row('Gina Guest'), { shiftKey: true });
    fireEvent.click(row('Olivia Owner'), { ctrlKey: true });
    fireEvent.click(screen.getByRole('button', { name: 'Change role of 10…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of 10 users' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Administrator' }));
    const group = (title: RegExp) => within(dialog).getByRole('region', { name: title });
    expect(dialog.querySelector('.bulk-summary')?.textContent).toBe('7 users change: 7 gain rights.');
    expect(within(group(/^Will gain rights/)).getAllByRole('listitem').map((item) => item.textContent)).toContain('Anna Archer: Member → Administrator');
    expect(within(group(/^Will gain rights/)).getAllByRole('listitem')).toHaveLength(7);
    expect(within(dialog).queryByRole('region', { name: /^Will lose rights/ })).toBeNull();
    expect(within(group(/^Already administrator/)).getByText('Adam Admin')).toBeTruthy();
    const refused = group(/^Cannot change/);
    expect(within(refused).getByText('Gina Guest is a guest: a guest cannot be made an administrator directly. Make them a member first.')).toBeTruthy();
    expect(within(refused).getByText(ONLY_OWNER)).toBeTruthy();
    // Making 7 people administrators is stated in a box to tick first, as a single change asks.
    const send = within(dialog).getByRole('button', { name: 'Change 7 roles' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    const tick = within(dialog).getByRole('checkbox', { name: /^I understand that 7 people will become administrators of / });
    expect(within(dialog).getByText('Administrators manage the organization’s settings, users and channels.')).toBeTruthy();
    fireEvent.click(tick);
    expect(send.disabled).toBe(false);
    // Another role unticks it; coming back asks again.
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Moderator' }));
    expect(within(dialog).queryByRole('checkbox', { name: /will become/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Administrator' }));
    expect((within(dialog).getByRole('checkbox', { name: /^I understand that 7 people will become administrators/ }) as HTMLInputElement).checked).toBe(false);
  });

  test('runs as a job: progress from pushes, then one result per user, then "Retry failed"', async () => {
    const { realm, batches, progress } = bulkRealm();
    await tableLoaded();
    fireEvent.click(row('Olivia Owner'));
    fireEvent.click(row('Anna Archer'), { ctrlKey: true });
    fireEvent.click(row('Ben Baker'), { ctrlKey: true });
    fireEvent.click(row('Mark Member'), { ctrlKey: true });
    fireEvent.click(screen.getByRole('button', { name: 'Change role of 4…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of 4 users' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Moderator' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change 3 roles' }));

    // Every selected user goes to the job, the refused owner too: the results list one outcome each.
    await waitFor(() => expect(realm.callsTo('users.bulkRole.start')).toEqual([{ account: 'acc-olivia', userIds: [8, 9, 4, 1], role: 300, acknowledged: [] }]));
    const panel = await screen.findByRole('region', { name: 'Changing 4 users to moderator' });
    progress({ id: 'batch-1', done: 2, total: 4, counts: { changed: 2 }, etaSeconds: 3 });
    await waitFor(() => expect(within(panel).getByText(/2 of 4 done/)).toBeTruthy());
    expect(panel.textContent).toContain('2 changed');
    expect(panel.textContent).toContain('about 3 s left');
    expect((within(panel).getByRole('progressbar') as HTMLProgressElement).value).toBe(2);

    const batch = batches.get('batch-1')!;
    batch.status = 'done';
    batch.results = batch.results.map((result) =>
      result.userId === 1 ? { ...result, outcome: 'failed', reason: ONLY_OWNER } : result.userId === 4 ? { ...result, outcome: 'failed', reason: 'Network trouble.' } : { ...result, outcome: 'changed' },
    );
    progress({ id: 'batch-1', status: 'done', done: 4, total: 4, counts: { changed: 2, failed: 2 } });
    const done = await screen.findByRole('region', { name: 'Bulk change to moderator: done' });
    const results = within(done).getByRole('list', { name: 'Results per user' });
    await waitFor(() => expect(within(results).getAllByRole('listitem')).toHaveLength(4));
    const line = (name: string) => within(results).getByText(name).closest('[role="listitem"]')?.textContent;
    expect(line('Olivia Owner')).toContain(`Failed${ONLY_OWNER}`);
    expect(line('Anna Archer')).toContain('Changed');
    expect(line('Mark Member')).toContain('Network trouble.');

    fireEvent.click(within(done).getByRole('button', { name: 'Retry failed (2)' }));
    await waitFor(() => expect(realm.callsTo('users.bulkRole.retryFailed')).toEqual([{ account: 'acc-olivia', batchId: 'batch-1' }]));
    expect(await screen.findByRole('region', { name: 'Changing 2 users to moderator' })).toBeTruthy();
  });

  test('a job that finishes before its start is answered still shows its results', async () => {
    const { batches, progress } = bulkRealm();
    await tableLoaded();
    fireEvent.click(row('Anna Archer'));
    fireEvent.click(screen.getByRole('button', { name: 'Change role of 1…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of 1 user' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Guest' }));
    // The push of the finished job arrives first, then the start's reply says "running".
    progress({ id: 'batch-1', status: 'done', done: 1, total: 1, counts: { changed: 1 } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change 1 role' }));
    await waitFor(() => expect(batches.get('batch-1')).toBeTruthy());
    Object.assign(batches.get('batch-1')!, { status: 'done', results: [{ userId: 8, fullName: 'Anna Archer', outcome: 'changed', reason: null }] });
    const done = await screen.findByRole('region', { name: 'Bulk change to guest: done' });
    expect(done.textContent).toContain('1 of 1 done');
  });
});

describe('the hazards of a bulk role change', () => {
  async function openDialog(names: string[], count: number) {
    await tableLoaded();
    names.forEach((name, index) => fireEvent.click(row(name), { ctrlKey: index > 0 }));
    fireEvent.click(screen.getByRole('button', { name: `Change role of ${count}…` }));
    return screen.findByRole('dialog', { name: `Change the role of ${count} users` });
  }

  test('the dialog opens with no role chosen, and its button says to choose one', async () => {
    bulkRealm();
    const dialog = await openDialog(['Adam Admin', 'Mona Moderator'], 2);
    for (const radio of within(dialog).getAllByRole('radio')) expect((radio as HTMLInputElement).checked).toBe(false);
    const button = within(dialog).getByRole('button', { name: 'Choose a role first' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  test('demotions are named; taking away your own rights must be confirmed in words before the job starts', async () => {
    const { realm } = bulkRealm({ account: adam });
    const dialog = await openDialog(['Adam Admin', 'Mark Member', 'Olivia Owner'], 3);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Moderator' }));
    expect(dialog.querySelector('.bulk-summary')?.textContent).toBe('2 users change: 1 loses rights, 1 gains rights.');
    const losing = within(dialog).getByRole('region', { name: /^Will lose rights/ });
    expect(within(losing).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Adam Admin: Administrator → Moderator']);
    const box = within(dialog).getByRole('checkbox', { name: 'I understand that I will no longer be an administrator of Second Realm, only a moderator, and that it will have no administrators, only its owner' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    // What holds the button back comes before the lists: never out of sight below those unchanged.
    const refused = within(dialog).getByRole('region', { name: /^Cannot change/ });
    expect(box.compareDocumentPosition(losing) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(box.compareDocumentPosition(refused) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const button = within(dialog).getByRole('button', { name: 'Change 2 roles' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(box);
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(realm.callsTo('users.bulkRole.start')).toEqual([{ account: 'acc-adam', userIds: [2, 4, 1], role: 300, acknowledged: ['noAdministrator', 'ownRights'] }]));
  });

  test('leaving nobody to administer the organization must be confirmed; a new hazard unticks the box', async () => {
    // No owner: Olivia and Adam are the administrators.
    const people = demoPeople().map((person) => (person.user_id === 1 ? withRole(person, 200) : person));
    const { realm } = bulkRealm({ people });
    const dialog = await openDialog(['Adam Admin', 'Olivia Owner'], 2);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Guest' }));
    expect(within(within(dialog).getByRole('region', { name: /^Will lose rights/ })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Adam Admin: Administrator → Guest',
      'Olivia Owner: Administrator → Guest',
    ]);
    const box = () => within(dialog).getByRole('checkbox') as HTMLInputElement;
    expect(box().labels?.[0]?.textContent).toBe('I understand that nobody, me included, will be able to administer Sandbox Realm');
    fireEvent.click(box());
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Member' }));
    expect(box().checked).toBe(false);
    expect((within(dialog).getByRole('button', { name: 'Change 2 roles' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(box());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change 2 roles' }));
    await waitFor(() =>
      expect(realm.callsTo('users.bulkRole.start')).toEqual([{ account: 'acc-olivia', userIds: [2, 1], role: 400, acknowledged: ['noAdministrator', 'ownRights'] }]),
    );
  });

  test('the lists follow the selected users live, and say who changed while the dialog was open', async () => {
    const { realm } = bulkRealm();
    const dialog = await openDialog(['Adam Admin', 'Mona Moderator'], 2);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Member' }));
    expect(within(within(dialog).getByRole('region', { name: /^Will lose rights/ })).getAllByRole('listitem')).toHaveLength(2);
    realm.change(3, withRole(realm.users.get(3)!, 400));
    const note = await within(dialog).findByText(/^Changed on the server while this dialog was open/);
    expect(note.textContent).toBe('Changed on the server while this dialog was open: Mona Moderator (Moderator → Member). The lists below show the roles as they are now.');
    expect(within(within(dialog).getByRole('region', { name: /^Will lose rights/ })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Adam Admin: Administrator → Member',
    ]);
    expect(within(dialog).getByRole('region', { name: /^Already member/ }).textContent).toContain('Mona Moderator');
    expect(within(dialog).getByRole('button', { name: 'Change 1 role' })).toBeTruthy();
  });
});
