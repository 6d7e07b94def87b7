// The undo's review states what its steps do as the same change made anywhere else would: a
// deactivation in the words of the user's panel (the bots that go with them named) with the danger
// button, and a new owner or administrator in a box to tick before the undo may start; a whole job
// states each kind. On the fake bridge, with the review as the core would answer it.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import type { ActivityEntry, UndoReview, UndoStep } from '../../../shared/ipc';
import { removeFakeBridge } from '../testing/fake-bridge';
import { demoPeople, openUsersScreen, tableLoaded } from '../screens/users/testing/users-harness';

afterEach(() => {
  cleanup();
  removeFakeBridge();
});

const entries: ActivityEntry[] = [
  {
    at: 2,
    actor: 'Olivia Owner',
    action: 'Reactivated',
    target: 'Mark Member (user4@sandbox.test)',
    details: 'Member',
    result: 'ok',
    error: null,
    jobId: 'job-1',
    undo: { id: 'u-mark', kind: 'status', userId: 4, active: true },
  },
];

const step = (key: string, target: string, change: string, more: Partial<UndoStep>): UndoStep => ({ key, target, change, verdict: 'ready', reason: null, role: null, status: null, ...more });
const deactivateMark = step('u-mark', 'Mark Member (user4@sandbox.test)', 'Active → Deactivated', { status: { userId: 4, active: false } });
const makeGinaAdministrator = step('u-gina', 'Gina Guest (user5@sandbox.test)', 'Guest → Member → Administrator', { role: { userId: 5, to: 200 } });
const reviewOf = (...steps: UndoStep[]): UndoReview => ({ realmName: 'Sandbox Org', ownUserId: 1, steps });

/** The demo people, with Echo Bot owned by Mark: deactivating him deactivates it. */
const people = demoPeople().map((person) => (person.user_id === 7 ? { ...person, bot_owner_id: 4 } : person));

async function openUndo(review: UndoReview, scope: 'Undo' | 'Undo job') {
  const realm = openUsersScreen({ people, activity: entries, answers: { 'activity.undo.review': () => review, 'activity.undo.start': () => ({ error: { code: 'INTERNAL', msg: 'stop here' } }) } });
  await tableLoaded();
  fireEvent.click(screen.getByRole('tab', { name: 'Activity log' }));
  const row = within(await screen.findByRole('table')).getAllByRole('row')[1] as HTMLElement;
  fireEvent.click(within(row).getByRole('button', { name: new RegExp(`^${scope}:`) }));
  const dialog = await screen.findByRole('dialog', { name: scope === 'Undo' ? 'Undo a change' : 'Undo a whole job' });
  await within(dialog).findByText(/go(es)? back to what/);
  return { realm, dialog };
}

test('an undo that deactivates someone says what the deactivation does, naming their bots, with the danger button', async () => {
  const { dialog } = await openUndo(reviewOf(deactivateMark), 'Undo');
  const notice = await within(dialog).findByRole('region', { name: 'Mark Member will be deactivated' });
  expect(notice.textContent).toContain(
    'Mark Member (user4@sandbox.test) will be signed out everywhere and will not be able to sign in. Their messages and channels stay. You can reactivate them later. The bot they own, Echo Bot, will be deactivated with them.',
  );
  const undo = within(dialog).getByRole('button', { name: 'Undo 1 change' });
  expect(undo.className).toContain('button-danger');
  expect((undo as HTMLButtonElement).disabled).toBe(false);
});

test('an undo that makes someone an administrator is stated in a box to tick, and cannot start until it is ticked', async () => {
  const { realm, dialog } = await openUndo(reviewOf(makeGinaAdministrator), 'Undo');
  const grant = await within(dialog).findByRole('group', { name: 'Gina Guest will become an administrator' });
  expect(grant.textContent).toContain('Administrators manage the organization’s settings, users and channels.');
  const consent = within(grant).getByRole('checkbox', { name: 'I understand that Gina Guest will become an administrator of Sandbox Org' });
  expect((consent as HTMLInputElement).checked).toBe(false);
  const undo = within(dialog).getByRole('button', { name: 'Undo 1 change' });
  expect((undo as HTMLButtonElement).disabled).toBe(true);
  expect(undo.className).not.toContain('button-danger');
  fireEvent.click(consent);
  expect((undo as HTMLButtonElement).disabled).toBe(false);
  fireEvent.click(undo);
  await waitFor(() => expect(realm.callsTo('activity.undo.start')).toHaveLength(1));
});

test('a whole job undone states each kind of step: the deactivation and the new administrator, and waits for the tick', async () => {
  const { dialog } = await openUndo(reviewOf(deactivateMark, makeGinaAdministrator), 'Undo job');
  expect(await within(dialog).findByRole('region', { name: 'Mark Member will be deactivated' })).toBeTruthy();
  const consent = within(dialog).getByRole('checkbox', { name: 'I understand that Gina Guest will become an administrator of Sandbox Org' });
  const undo = within(dialog).getByRole('button', { name: 'Undo 2 changes' });
  expect(undo.className).toContain('button-danger');
  expect((undo as HTMLButtonElement).disabled).toBe(true);
  fireEvent.click(consent);
  expect((undo as HTMLButtonElement).disabled).toBe(false);
});

test('an undo that deactivates the only administrator is confirmed in words, and the core is told it was', async () => {
  const deactivateAdam = step('u-adam', 'Adam Admin (user2@sandbox.test)', 'Active → Deactivated', { status: { userId: 2, active: false } });
  const { realm, dialog } = await openUndo(reviewOf(deactivateAdam), 'Undo');
  expect(await within(dialog).findByRole('region', { name: 'Adam Admin will be deactivated' })).toBeTruthy();
  const undo = within(dialog).getByRole('button', { name: 'Undo 1 change' }) as HTMLButtonElement;
  expect(undo.disabled).toBe(true);
  fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I understand that Sandbox Org will have no administrators, only its owner' }));
  expect(undo.disabled).toBe(false);
  fireEvent.click(undo);
  await waitFor(() => expect(realm.callsTo('activity.undo.start')).toEqual([expect.objectContaining({ acknowledged: ['noAdministrator'] })]));
});

test('a step that puts a channel back says what it does to whom, under its change', async () => {
  const note = 'Only its 2 subscribers keep access; the organization’s other members can no longer find, join or read it.';
  const { dialog } = await openUndo(reviewOf(step('u-lead', '#leadership', 'Privacy: Public → Private, protected history', { note })), 'Undo');
  expect(within(dialog).getByText(note)).toBeTruthy();
});
