// Undo from the activity log end to end: a bulk role job undone as a whole, with the one user someone
// else changed since refused and left as they are; a deactivation undone; an undo refused because the
// role was changed in between; and undos that deactivate someone or make someone an administrator,
// stated and confirmed as the forward change is, and one that puts back a shorter retention (messages
// deleted) ticked in a danger box first. Each checked on the server through a direct client.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInDirectly, type RealmClient } from '../support/realm-client';
import { openUser, openUsers, row, userOnServer } from '../support/users-page';
import { openChannel, openChannels, section, serverChannel } from '../support/channels-page';

type Member = { user_id: number; email: string; full_name: string; is_active: boolean; is_bot: boolean; role: number };

const NAMED = /^(olivia|adam|mona|mark|gina|derek)@/;

async function generatedMembers(client: RealmClient, count: number): Promise<Member[]> {
  const members = (await client.request('GET', '/users')).members as Member[];
  return members.filter((user) => user.is_active && !user.is_bot && user.role === 400 && !NAMED.test(user.email)).slice(0, count);
}

async function openLog(page: Page): Promise<Locator> {
  await page.getByRole('tab', { name: 'Activity log' }).click();
  const log = page.getByRole('table');
  await expect(log).toBeVisible();
  return log;
}

/** The log's rows about a user (their email is in the Whom column). */
const entriesAbout = (log: Locator, email: string) => log.getByRole('row').filter({ hasText: email });

test('undo a bulk role job and check every user\'s role on the server', async ({ consolePage: page, sandbox }) => {
  const asOlivia = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test');
  const ten = await generatedMembers(asOlivia, 10);
  expect(ten).toHaveLength(10);

  await openUsers(page);
  for (const [index, user] of ten.entries()) {
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(user.email);
    await row(page, user.full_name).click({ modifiers: index === 0 ? [] : ['Control'] });
  }
  await page.getByRole('button', { name: 'Change role of 10…' }).click();
  const bulk = page.getByRole('dialog', { name: 'Change the role of 10 users' });
  await bulk.getByRole('radio', { name: 'Moderator', exact: true }).check();
  await bulk.getByRole('button', { name: 'Change 10 roles' }).click();
  await expect(page.getByRole('region', { name: 'Bulk change to moderator: done' })).toContainText('10 of 10 done · 10 changed', { timeout: 30_000 });
  for (const user of ten) expect((await userOnServer(asOlivia, user.email)).role, user.email).toBe(300);

  // Another administrator makes one of them an administrator meanwhile: that one must not go back.
  const changed = ten[3] as Member;
  expect((await asOlivia.request('PATCH', `/users/${changed.user_id}`, { role: 200 })).result).toBe('success');

  const log = await openLog(page);
  const first = entriesAbout(log, (ten[0] as Member).email).first();
  await expect(first).toContainText('Member → Moderator (bulk change)');
  await first.getByRole('button', { name: /^Undo job:/ }).click();

  const dialog = page.getByRole('dialog', { name: 'Undo a whole job' });
  await expect(dialog.getByText('9 changes go back to what they were.', { exact: false })).toBeVisible();
  await expect(dialog.getByRole('region', { name: /^Will go back/ }).getByRole('listitem')).toHaveCount(9);
  const refused = dialog.getByRole('region', { name: /^Will not go back/ });
  await expect(refused.getByRole('listitem')).toHaveCount(1);
  await expect(refused).toContainText(`${changed.full_name} is now Administrator, not Moderator as this change left them: someone changed it since.`);
  await dialog.getByRole('button', { name: 'Undo 9 changes' }).click();

  const done = page.getByRole('region', { name: 'Undo: done' });
  await expect(done).toContainText('10 of 10 done · 9 undone · 0 already back · 1 refused · 0 failed', { timeout: 30_000 });
  const results = done.getByRole('list', { name: 'Results per change' });
  await expect(results.getByRole('listitem').first()).toContainText(changed.full_name);
  await expect(results.getByRole('listitem').first()).toContainText('Refused');

  for (const user of ten) expect((await userOnServer(asOlivia, user.email)).role, user.email).toBe(user === changed ? 200 : 400);
  // The undo is logged: each step it made is an entry of its own.
  await expect(entriesAbout(log, (ten[0] as Member).email).first()).toContainText('Moderator → Member (undo)');
});

test('undo a deactivation: the user is active again on the server', async ({ consolePage: page, sandbox }) => {
  const asOlivia = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test');
  await openUsers(page);
  const panel = await openUser(page, 'Mark Member');
  await panel.getByRole('button', { name: 'Deactivate Mark Member…' }).click();
  await page.getByRole('dialog', { name: 'Deactivate Mark Member?' }).getByRole('button', { name: 'Deactivate' }).click();
  await expect.poll(async () => (await userOnServer(asOlivia, 'mark@sandbox.test')).is_active).toBe(false);

  const log = await openLog(page);
  const entry = entriesAbout(log, 'mark@sandbox.test').filter({ hasText: 'Deactivated' }).first();
  await expect(entry.getByRole('button', { name: /^Undo job:/ })).toHaveCount(0);
  await entry.getByRole('button', { name: /^Undo:/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Undo a change' });
  await expect(dialog.getByRole('region', { name: /^Will go back/ })).toContainText('Mark Member (mark@sandbox.test) Deactivated → Active, as Member');
  await dialog.getByRole('button', { name: 'Undo 1 change' }).click();
  await expect(page.getByRole('region', { name: 'Undo: done' })).toContainText('1 of 1 done · 1 undone', { timeout: 30_000 });
  expect((await userOnServer(asOlivia, 'mark@sandbox.test')).is_active).toBe(true);
  await expect(entriesAbout(log, 'mark@sandbox.test').first()).toContainText('Reactivated');
});

test('an undo is refused when someone else changed the role in between', async ({ consolePage: page, sandbox }) => {
  const asOlivia = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test');
  await openUsers(page);
  const panel = await openUser(page, 'Mark Member');
  await panel.getByRole('radio', { name: /^Moderator/ }).check();
  await panel.getByRole('button', { name: 'Make moderator' }).click();
  await expect.poll(async () => (await userOnServer(asOlivia, 'mark@sandbox.test')).role).toBe(300);
  // Someone else makes Mark an administrator.
  const mark = await asOlivia.userId('mark@sandbox.test');
  expect((await asOlivia.request('PATCH', `/users/${mark}`, { role: 200 })).result).toBe('success');

  const log = await openLog(page);
  await entriesAbout(log, 'mark@sandbox.test').filter({ hasText: 'Member → Moderator' }).first().getByRole('button', { name: /^Undo:/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Undo a change' });
  await expect(dialog.getByRole('region', { name: /^Will not go back/ })).toContainText('Mark Member is now Administrator, not Moderator as this change left them: someone changed it since.');
  await expect(dialog.getByRole('button', { name: 'Nothing to undo' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect((await userOnServer(asOlivia, 'mark@sandbox.test')).role).toBe(200);
});

test('undoing a reactivation says what the deactivation does, with the danger button, and deactivates on the server', async ({ consolePage: page, sandbox }) => {
  const asOlivia = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test');
  await openUsers(page);
  const panel = await openUser(page, 'Derek Departed');
  await panel.getByRole('button', { name: 'Reactivate Derek Departed…' }).click();
  await page.getByRole('dialog', { name: 'Reactivate Derek Departed?' }).getByRole('button', { name: 'Reactivate' }).click();
  await expect.poll(async () => (await userOnServer(asOlivia, 'derek@sandbox.test')).is_active).toBe(true);

  const log = await openLog(page);
  await entriesAbout(log, 'derek@sandbox.test').filter({ hasText: 'Reactivated' }).first().getByRole('button', { name: /^Undo:/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Undo a change' });
  await expect(dialog.getByRole('region', { name: /^Will go back/ })).toContainText('Derek Departed (derek@sandbox.test) Active → Deactivated');
  // The words of the forward deactivation (his panel's "Deactivate Derek Departed?").
  await expect(dialog.getByRole('region', { name: 'Derek Departed will be deactivated' })).toContainText(
    'Derek Departed (derek@sandbox.test) will be signed out everywhere and will not be able to sign in. Their messages and channels stay. You can reactivate them later.',
  );
  const undo = dialog.getByRole('button', { name: 'Undo 1 change' });
  await expect(undo).toHaveClass(/button-danger/);
  await undo.click();
  await expect(page.getByRole('region', { name: 'Undo: done' })).toContainText('1 of 1 done · 1 undone', { timeout: 30_000 });
  const members = (await asOlivia.request('GET', '/users')).members as Member[];
  expect(members.find((user) => user.email === 'derek@sandbox.test')?.is_active).toBe(false);
});

test('undoing a demotion from administrator asks the tick the forward grant asks, and makes him an administrator on the server', async ({ consolePage: page, sandbox }) => {
  const asOlivia = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test');
  await openUsers(page);
  const panel = await openUser(page, 'Mark Member');
  await panel.getByRole('radio', { name: /^Administrator/ }).check();
  await panel.getByRole('checkbox', { name: 'I understand that Mark Member will become an administrator of Sandbox Org' }).check();
  await panel.getByRole('button', { name: 'Make administrator' }).click();
  await expect.poll(async () => (await userOnServer(asOlivia, 'mark@sandbox.test')).role).toBe(200);
  await panel.getByRole('radio', { name: /^Member/ }).check();
  await panel.getByRole('button', { name: 'Make member' }).click();
  await expect.poll(async () => (await userOnServer(asOlivia, 'mark@sandbox.test')).role).toBe(400);

  const log = await openLog(page);
  await entriesAbout(log, 'mark@sandbox.test').filter({ hasText: 'Administrator → Member' }).first().getByRole('button', { name: /^Undo:/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Undo a change' });
  await expect(dialog.getByRole('region', { name: /^Will go back/ })).toContainText('Mark Member (mark@sandbox.test) Member → Administrator');
  const grant = dialog.getByRole('group', { name: 'Mark Member will become an administrator' });
  await expect(grant).toContainText('Administrators manage the organization’s settings, users and channels.');
  const consent = grant.getByRole('checkbox', { name: 'I understand that Mark Member will become an administrator of Sandbox Org' });
  await expect(consent).not.toBeChecked();
  const undo = dialog.getByRole('button', { name: 'Undo 1 change' });
  await expect(undo).toBeDisabled();
  expect((await userOnServer(asOlivia, 'mark@sandbox.test')).role).toBe(400);
  await consent.check();
  await expect(undo).toBeEnabled();
  await undo.click();
  await expect(page.getByRole('region', { name: 'Undo: done' })).toContainText('1 of 1 done · 1 undone', { timeout: 30_000 });
  const members = (await asOlivia.request('GET', '/users')).members as Member[];
  expect(members.find((user) => user.email === 'mark@sandbox.test')?.role).toBe(200);
});

test('undoing a longer retention deletes messages: a danger box to tick first, then the shorter retention is back on the server', async ({ consolePage: page, sandbox }) => {
  const asOlivia = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test');
  const design = await serverChannel(asOlivia, 'design');
  expect((await asOlivia.request('PATCH', `/streams/${String(design.stream_id)}`, { message_retention_days: 30 })).result).toBe('success');

  // Olivia keeps #design's messages forever (keeping more asks nothing).
  await openChannels(page);
  const retention = section(await openChannel(page, 'design'), 'Message retention');
  await expect(retention.getByRole('radio', { name: 'A number of days' })).toBeChecked();
  await retention.getByRole('radio', { name: 'Forever', exact: true }).check();
  await retention.getByRole('button', { name: 'Save retention' }).click();
  await expect(retention.getByRole('status')).toHaveText('Messages in #design are now kept forever.');

  // Undoing it would delete messages older than 30 days: stated, ticked, in the danger style.
  const log = await openLog(page);
  await log.getByRole('row').filter({ hasText: '#design' }).first().getByRole('button', { name: /^Undo:/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Undo a change' });
  const danger = dialog.getByRole('group', { name: 'Messages would be deleted in #design' });
  await expect(danger).toContainText('Messages older than 30 days will be deleted for good');
  const undo = dialog.getByRole('button', { name: 'Undo 1 change' });
  await expect(undo).toBeDisabled();
  expect((await serverChannel(asOlivia, 'design')).message_retention_days).toBe(-1);
  await danger.getByRole('checkbox', { name: 'I understand that older messages in #design will be deleted for good' }).check();
  await undo.click();
  await expect(page.getByRole('region', { name: 'Undo: done' })).toContainText('1 of 1 done · 1 undone', { timeout: 30_000 });
  expect((await serverChannel(asOlivia, 'design')).message_retention_days).toBe(30);
});
