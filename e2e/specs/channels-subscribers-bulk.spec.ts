// Adding many people to many channels from the channel list: 500 people from a CSV into 3 channels,
// deactivated people and a private channel the owner may not add to refused before sending, unknown
// addresses listed, the results checked against the server's subscriber lists; and the core closed
// with a batch's reply held back, a new core on the same data finishing the job with every
// subscription made exactly once (each batch reaches the server once; nobody reported "already
// subscribed" who was added by this job).
import type { Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileSecretStore } from '../../electron/core/accounts/file-secret-store';
import { SubscriberJournal } from '../../electron/core/channels/subscriber-journal';
import { createCore } from '../../electron/core/core';
import { describeRuntime } from '../../electron/core/runtime-info';
import { startBrowserHost } from '../../electron/browser-host';
import { openChannels, serverChannel } from '../support/channels-page';
import { expect, test } from '../support/fixtures';
import { signInDirectly, type RealmClient } from '../support/realm-client';

const rendererDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'renderer');

async function createPeople(client: RealmClient, tag: string, count: number): Promise<{ email: string; id: number }[]> {
  const emails = Array.from({ length: count }, (_, index) => `${tag}.${String(index + 1).padStart(3, '0')}@sandbox.test`);
  const people: { email: string; id: number }[] = [];
  for (let start = 0; start < emails.length; start += 20) {
    const created = await Promise.all(
      emails.slice(start, start + 20).map(async (email) => {
        const reply = await client.request('POST', '/users', { email, password: 'sandbox-pass', full_name: `Crew ${email.split('@')[0] ?? ''}` });
        if (reply.result !== 'success') throw new Error(`could not create ${email}: ${String(reply.msg)}`);
        return { email, id: reply.user_id as number };
      }),
    );
    people.push(...created);
  }
  return people;
}

async function members(client: RealmClient, channel: string): Promise<Set<number>> {
  const { stream_id } = await serverChannel(client, channel);
  return new Set((await client.request('GET', `/streams/${String(stream_id)}/members`)).subscribers as number[]);
}

async function selectChannels(page: Page, prefix: string, count: number) {
  await openChannels(page);
  await page.getByRole('searchbox', { name: 'Search by name or description' }).fill(prefix);
  await expect(page.getByText(`${count} of`)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all shown' }).check();
  await expect(page.getByText(`${count} selected`)).toBeVisible();
  await page.getByRole('button', { name: 'Add or remove subscribers…' }).click();
}

test.describe('bulk subscribers', () => {
  test.setTimeout(180_000);

  test('500 people from a CSV into 3 channels: refusals before sending, results matching the server', async ({ consolePage: page, sandbox }) => {
    const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
    const people = await createPeople(adam, 'crew', 500);
    const deactivated = people.slice(0, 5);
    for (const person of deactivated) await adam.request('DELETE', `/users/${String(person.id)}`);
    const adamId = await adam.userId('adam@sandbox.test');
    await adam.request('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'crew-alpha' }, { name: 'crew-beta' }] });
    // A private channel only Adam may add subscribers to: the owner, not subscribed, cannot reach it.
    await adam.request('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'crew-vault' }],
      invite_only: true,
      can_add_subscribers_group: { direct_members: [adamId], direct_subgroups: [] },
    });

    await selectChannels(page, 'crew-', 3);
    const dialog = page.getByRole('dialog', { name: 'Subscribers of 3 channels' });
    // Nothing is preselected: the review waits for a choice of what to do.
    await expect(dialog.getByRole('button', { name: 'Review…' })).toBeDisabled();
    await dialog.getByRole('radio', { name: 'Add subscribers' }).check();
    await dialog.getByRole('radio', { name: 'Addresses or a CSV file' }).check();
    const rows = [...people.map((person, index) => `Crew ${index},${person.email}`), 'Nobody Here,nobody.here@sandbox.test'];
    await dialog.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'crew.csv', mimeType: 'text/csv', buffer: Buffer.from(`Name,Email\n${rows.join('\n')}\n`) });
    await expect(dialog.getByRole('status')).toHaveText('500 people chosen; 1 address matches nobody in this organization.');
    await expect(dialog.getByRole('list', { name: 'Addresses not found' })).toHaveText('nobody.here@sandbox.test');
    await dialog.getByRole('button', { name: 'Review…' }).click();

    const review = dialog.getByRole('table', { name: 'Who changes where' });
    await expect(review.getByRole('row', { name: /#crew-alpha/ })).toContainText('495');
    await expect(review.getByRole('row', { name: /#crew-vault/ })).toContainText('it is private, and you are neither subscribed to it nor in its “who may add subscribers” group');
    await expect(dialog.getByRole('list', { name: 'People refused' }).getByRole('listitem')).toHaveCount(5);
    await dialog.getByRole('button', { name: 'Add 990 subscriptions' }).click();

    const panel = page.getByRole('region', { name: 'Adding 500 people to 3 channels: done' });
    await expect(panel).toBeVisible({ timeout: 90_000 });
    await expect(panel).toContainText('1,500 of 1,500 done · 0 failed · 510 refused · 990 added · 0 already subscribed');
    const alpha = await members(adam, 'crew-alpha');
    const beta = await members(adam, 'crew-beta');
    const vault = await members(adam, 'crew-vault');
    for (const person of people.slice(5)) expect(alpha.has(person.id) && beta.has(person.id) && !vault.has(person.id)).toBe(true);
    for (const person of deactivated) expect(alpha.has(person.id) || beta.has(person.id)).toBe(false);

    const results = panel.getByRole('list', { name: 'Results per person and channel' });
    await panel.getByRole('radio', { name: /^Refused/ }).check();
    await expect(results.getByRole('listitem').first()).toContainText('Refused');
  });

  test('removing a group: the review opens on Cancel, Back keeps the group, and only channels I am in ask me to confirm removing myself', async ({ consolePage: page, sandbox }) => {
    const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
    const ids = { olivia: await adam.userId('olivia@sandbox.test'), mark: await adam.userId('mark@sandbox.test'), gina: await adam.userId('gina@sandbox.test') };
    await adam.createGroup('rm-crew', [ids.olivia, ids.mark, ids.gina]);
    await adam.request('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'rm-mine' }], principals: [ids.olivia, ids.mark, ids.gina] });
    await adam.request('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'rm-theirs' }], principals: [ids.mark, ids.gina] });

    await selectChannels(page, 'rm-', 2);
    const dialog = page.getByRole('dialog', { name: 'Subscribers of 2 channels' });
    await dialog.getByRole('radio', { name: 'Remove subscribers' }).check();
    await dialog.getByRole('radio', { name: 'A user group' }).check();
    await dialog.getByRole('combobox', { name: 'User group' }).selectOption({ label: 'rm-crew' });
    await dialog.getByRole('button', { name: 'Review…' }).click();
    // The button under the pointer now removes: the focus is on Cancel, so Enter cannot remove by accident.
    await expect(dialog.getByRole('button', { name: 'Remove 5 subscriptions' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    // Nothing is removed yet: the column says what would be.
    await expect(dialog.getByRole('table', { name: 'Who changes where' }).getByRole('row', { name: /#rm-mine/ }).getByRole('cell').first()).toHaveText('3');
    await expect(dialog.getByRole('columnheader', { name: 'To remove' })).toBeVisible();
    const tick = dialog.getByRole('checkbox', { name: /^I understand that I remove myself too, from #rm-mine:/ });
    await expect(tick).not.toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Remove 5 subscriptions' })).toBeDisabled();

    await dialog.getByRole('button', { name: 'Back to the choice of people' }).click();
    await expect(dialog.getByRole('radio', { name: 'Remove subscribers' })).toBeFocused();
    await expect(dialog.getByRole('combobox', { name: 'User group' })).toHaveValue(String((await adam.groups()).find((group) => group.name === 'rm-crew')?.id));
    await dialog.getByRole('button', { name: 'Review…' }).click();
    await tick.check();
    await dialog.getByRole('button', { name: 'Remove 5 subscriptions' }).click();
    await expect(page.getByRole('region', { name: /: done$/ })).toContainText('5 removed', { timeout: 30_000 });
    const mine = await members(adam, 'rm-mine');
    const theirs = await members(adam, 'rm-theirs');
    for (const id of Object.values(ids)) expect(mine.has(id) || theirs.has(id)).toBe(false);
  });

  test('removing everyone from a private channel says nobody would be left and who could add anyone back, and waits for both ticks; the server ends with it empty', async ({ consolePage: page, sandbox }) => {
    const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
    const ids = { olivia: await adam.userId('olivia@sandbox.test'), mark: await adam.userId('mark@sandbox.test') };
    await adam.request('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'rm-vault' }], invite_only: true, principals: [ids.olivia, ids.mark] });
    expect(await members(adam, 'rm-vault')).toEqual(new Set([ids.olivia, ids.mark]));

    await selectChannels(page, 'rm-vault', 1);
    const dialog = page.getByRole('dialog', { name: 'Subscribers of #rm-vault' });
    await dialog.getByRole('radio', { name: 'Remove subscribers' }).check();
    await dialog.getByRole('radio', { name: 'Addresses or a CSV file' }).check();
    await dialog.getByRole('textbox', { name: 'Addresses' }).fill('olivia@sandbox.test, mark@sandbox.test');
    await dialog.getByRole('button', { name: 'Review…' }).click();
    const remove = dialog.getByRole('button', { name: 'Remove 2 subscriptions' });
    const nobody = dialog.getByRole('group', { name: 'Nobody would be left in #rm-vault' });
    await expect(nobody).toContainText('its messages would reach no one, and you could not add anyone back');
    const emptyTick = nobody.getByRole('checkbox', { name: 'I understand that #rm-vault will have no subscribers.' });
    const selfTick = dialog.getByRole('checkbox', { name: /^I understand that I remove myself too, from #rm-vault:/ });
    await expect(emptyTick).not.toBeChecked();
    await expect(remove).toBeDisabled();
    await selfTick.check();
    await expect(remove).toBeDisabled();
    await emptyTick.check();
    await remove.click();
    await expect(page.getByRole('region', { name: /: done$/ })).toContainText('2 removed', { timeout: 30_000 });
    expect((await members(adam, 'rm-vault')).size).toBe(0);
  });

  test('the core closed mid-job: a new core resumes it, and every subscription is made exactly once', async ({ consolePage: page, sandbox, core, coreDataDir }) => {
    const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
    const people = await createPeople(adam, 'shift', 250);
    await adam.request('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'shift-one' }, { name: 'shift-two' }] });
    const posts = () => sandbox.proxy.log.filter((request) => request.forwarded && request.method === 'POST' && request.path === '/api/v1/users/me/subscriptions').length;

    await selectChannels(page, 'shift-', 2);
    const dialog = page.getByRole('dialog', { name: 'Subscribers of 2 channels' });
    await dialog.getByRole('radio', { name: 'Add subscribers' }).check();
    await dialog.getByRole('radio', { name: 'Addresses or a CSV file' }).check();
    await dialog.getByRole('textbox', { name: 'Addresses' }).fill(people.map((person) => person.email).join('\n'));
    await dialog.getByRole('button', { name: 'Review…' }).click();
    // The first batch reaches the server and is applied; its answer never comes.
    sandbox.proxy.inject({ match: { method: 'POST', path: '/api/v1/users/me/subscriptions' }, fault: { kind: 'blackhole', forward: true }, times: 1 });
    await dialog.getByRole('button', { name: 'Add 500 subscriptions' }).click();
    await expect.poll(async () => (await members(adam, 'shift-one')).size, { timeout: 30_000 }).toBeGreaterThanOrEqual(100);
    const closing = core.close();
    sandbox.proxy.cut();
    await closing;
    sandbox.proxy.restore();
    sandbox.proxy.clearFaults();
    const journal = new SubscriberJournal(coreDataDir);
    const [account] = journal.accounts();
    const [jobId] = account ? journal.ids(account) : [];
    const left = account && jobId ? journal.read(account, jobId) : null;
    expect(left?.finishedAt).toBeNull();
    expect(left?.unsettled).toHaveLength(1);
    expect(posts()).toBe(1);

    const second = await createCore({
      dataDir: coreDataDir,
      secrets: new FileSecretStore(coreDataDir),
      appInfo: describeRuntime('realm-console', '0.0.0-e2e', process.platform, process.versions),
    });
    const host = await startBrowserHost({ core: second, rendererDir });
    try {
      await page.goto(host.url);
      await openChannels(page);
      const panel = page.getByRole('region', { name: 'Adding 250 people to 2 channels: done' });
      await expect(panel).toBeVisible({ timeout: 60_000 });
      await expect(panel).toContainText('500 of 500 done · 0 failed · 0 refused · 500 added · 0 already subscribed');
      // Six batches of up to 100 (3 per channel), each reaching the server once.
      expect(posts()).toBe(6);
      const one = await members(adam, 'shift-one');
      const two = await members(adam, 'shift-two');
      expect(people.every((person) => one.has(person.id) && two.has(person.id))).toBe(true);
    } finally {
      await host.close();
      await second.close();
    }
  });
});
