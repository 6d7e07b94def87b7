// Undo from the activity log, on the fake bridge: which entries offer Undo and Undo job, the review's
// refusals, the role hazards confirmed in words before the undo may start, and the results.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import type { ActivityEntry, UndoJob, UndoReview } from '../../../shared/ipc';
import { removeFakeBridge } from '../testing/fake-bridge';
import { openUsersScreen, tableLoaded } from '../screens/users/testing/users-harness';

afterEach(() => {
  cleanup();
  removeFakeBridge();
});

const base = { actor: 'Olivia Owner', action: 'Changed role', details: 'Member → Moderator', error: null } as const;
const entries: ActivityEntry[] = [
  { ...base, at: 4, target: 'Mark Member (mark@sandbox.test)', result: 'ok', undo: { id: 'u-mark', kind: 'role', userId: 3, from: 400, to: 300 } },
  { ...base, at: 3, target: 'Gina Guest (gina@sandbox.test)', result: 'ok', jobId: 'job-1', undo: { id: 'u-gina', kind: 'role', userId: 5, from: 400, to: 300 } },
  { ...base, at: 2, target: 'Olivia Owner (olivia@sandbox.test)', result: 'failed', error: 'The only owner.', jobId: 'job-1' },
  { ...base, at: 1, action: 'Renamed', target: 'Adam Admin (adam@sandbox.test)', details: 'Adam → Adam Admin', result: 'ok' },
];

async function openLog() {
  await tableLoaded();
  fireEvent.click(screen.getByRole('tab', { name: 'Activity log' }));
  return within(await screen.findByRole('table')).getAllByRole('row').slice(1);
}

test('only changes that succeeded and can be reversed offer Undo; a bulk job\'s entries also Undo job', async () => {
  openUsersScreen({ activity: entries });
  const rows = await openLog();
  const buttons = rows.map((row) => within(row).queryAllByRole('button').map((button) => button.textContent));
  expect(buttons).toEqual([['Undo'], ['Undo', 'Undo job'], [], []]);
  // Each is named by its own entry, after the words it shows, so rows' buttons are told apart.
  const names = rows.map((row) => within(row).queryAllByRole('button').map((button) => button.getAttribute('aria-label')));
  expect(names).toEqual([
    ['Undo: Changed role, Mark Member (mark@sandbox.test), Member → Moderator'],
    ['Undo: Changed role, Gina Guest (gina@sandbox.test), Member → Moderator', 'Undo job: Changed role, Gina Guest (gina@sandbox.test), Member → Moderator, and the rest of its job'],
    [],
    [],
  ]);
});

test('the review lists what goes back and what is refused; the job starts with what was confirmed, and its results show', async () => {
  const review: UndoReview = {
    realmName: 'Sandbox Org',
    ownUserId: 1,
    steps: [
      { key: 'u-gina', target: 'Gina Guest (gina@sandbox.test)', change: 'Moderator → Member', verdict: 'ready', reason: null, role: null, status: null },
      { key: 'u-x', target: 'Mark Member (mark@sandbox.test)', change: 'Moderator → Member', verdict: 'refused', reason: 'Mark Member is now Administrator, not Moderator as this change left them: someone changed it since.', role: null, status: null },
    ],
  };
  const job: UndoJob = {
    id: 'undo-1',
    account: 'acc-olivia',
    status: 'done',
    startedAt: 1,
    finishedAt: 2,
    results: [
      { key: 'u-gina', target: 'Gina Guest (gina@sandbox.test)', change: 'Moderator → Member', outcome: 'undone', reason: null },
      { key: 'u-x', target: 'Mark Member (mark@sandbox.test)', change: 'Moderator → Member', outcome: 'refused', reason: review.steps[1]?.reason ?? null },
    ],
  };
  const realm = openUsersScreen({ activity: entries, answers: { 'activity.undo.review': () => review, 'activity.undo.start': () => job, 'activity.undo.get': () => job } });
  const rows = await openLog();
  fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: /^Undo job:/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Undo a whole job' });
  expect(await within(dialog).findByText(/someone changed it since/)).toBeTruthy();
  expect(realm.callsTo('activity.undo.review')).toEqual([{ account: 'acc-olivia', scope: { kind: 'job', jobId: 'job-1' } }]);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Undo 1 change' }));
  const panel = await screen.findByRole('region', { name: 'Undo: done' });
  expect(panel.textContent).toContain('2 of 2 done · 1 undone · 0 already back · 1 refused · 0 failed');
  expect(realm.callsTo('activity.undo.start')).toEqual([{ account: 'acc-olivia', scope: { kind: 'job', jobId: 'job-1' }, acknowledged: [] }]);
});

test('taking away the user\'s own rights is confirmed in words, never for them, before the undo may start', async () => {
  const review: UndoReview = {
    realmName: 'Sandbox Org',
    ownUserId: 1,
    steps: [{ key: 'u-own', target: 'Olivia Owner (olivia@sandbox.test)', change: 'Owner → Administrator', verdict: 'ready', reason: null, role: { userId: 1, to: 200 }, status: null }],
  };
  const realm = openUsersScreen({ activity: entries, answers: { 'activity.undo.review': () => review, 'activity.undo.start': () => ({ error: { code: 'INTERNAL', msg: 'stop here' } }) } });
  const rows = await openLog();
  fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: /^Undo:/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Undo a change' });
  const consent = await within(dialog).findByRole('checkbox');
  expect((consent as HTMLInputElement).checked).toBe(false);
  expect((within(dialog).getByRole('button', { name: 'Undo 1 change' }) as HTMLButtonElement).disabled).toBe(true);
  fireEvent.click(consent);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Undo 1 change' }));
  await waitFor(() => expect(realm.callsTo('activity.undo.start')).toHaveLength(1));
  expect(realm.callsTo('activity.undo.start')[0]).toMatchObject({ scope: { kind: 'entry', entryId: 'u-mark' }, acknowledged: expect.arrayContaining(['ownRights']) as unknown });
  expect(await within(dialog).findByText(/stop here/)).toBeTruthy();
});
