// Several realms, end to end: the console signed in to three sandbox servers. Compare realms shows the
// differences; "Copy to other realms" applies one realm's settings to the others, one request each:
// a realm where the signed-in user is a moderator cannot be chosen, a realm that goes offline fails
// with the reason, and "Retry failed" finishes the job once it is back. The servers are checked after.
import type { Locator } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { defaultsOnServer, extraRealm, openDefaults, signCoreIn, type ExtraRealm } from '../support/defaults-page';

test.describe.configure({ timeout: 90_000 });

let second: ExtraRealm;
let third: ExtraRealm;

test.beforeEach(async () => {
  [second, third] = await Promise.all([extraRealm(), extraRealm()]);
});

test.afterEach(async () => {
  await Promise.all([second?.close(), third?.close()]);
});

const results = (panel: Locator) => panel.getByRole('list', { name: 'Results per realm' });

test('compare the realms, then copy to them: the moderator realm cannot be chosen, the offline one fails, and retry finishes it', async ({ consolePage: page, core, sandbox, target }) => {
  test.skip(target !== 'browser', 'the extra realms are signed in through the core the browser project drives');
  await signCoreIn(core, second.url, 'adam@sandbox.test');
  await signCoreIn(core, second.url, 'mona@sandbox.test');
  await signCoreIn(core, third.url, 'adam@sandbox.test');
  // A second sign-in to this very organization: the same realm, neither compared with nor copied to.
  await signCoreIn(core, sandbox.url, 'adam@sandbox.test');

  // This realm's choices.
  await openDefaults(page);
  await page.getByRole('combobox', { name: 'Color scheme' }).selectOption({ label: 'Dark' });
  await page.getByRole('combobox', { name: 'Home view' }).selectOption({ label: 'Recent conversations' });
  await page.getByRole('switch', { name: 'Send read receipts' }).uncheck();
  await page.getByRole('button', { name: 'Review changes…' }).click();
  await page.getByRole('button', { name: 'Save 3 changes' }).click();
  await expect(page.getByText('Saved 3 changes to the default settings of Sandbox Org.')).toBeVisible();

  // Compare: four columns (this realm first), three settings differ.
  await page.getByRole('tab', { name: 'Compare realms' }).click();
  const table = page.getByRole('table');
  await expect(table.locator('thead').getByRole('columnheader')).toHaveCount(5);
  await page.getByRole('checkbox', { name: /^Only differences/ }).check();
  await expect(page.getByText('(3 settings differ)')).toBeVisible();
  await expect(table.getByRole('rowheader')).toHaveText(['Color scheme (differs)', 'Home view (differs)', 'Send read receipts (differs)']);
  await expect(table.getByRole('row', { name: /^Color scheme/ }).getByRole('cell')).toHaveText(['Dark', 'Automatic', 'Automatic', 'Automatic']);

  // Copy: nothing preselected; the realm where I am a moderator says why it cannot be chosen.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Copy to other realms…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy default settings to other realms' });
  const realms = dialog.getByRole('group', { name: 'Copy to' });
  // Every demo realm is "Sandbox Org": the address tells them apart.
  const realm = (url: string, email: string) => realms.getByRole('checkbox', { name: `Sandbox Org (${new URL(url).host}) as ${email}` });
  for (const box of [realm(second.url, 'adam@sandbox.test'), realm(third.url, 'adam@sandbox.test')]) await expect(box).not.toBeChecked();
  await expect(realm(second.url, 'mona@sandbox.test')).toBeDisabled();
  await expect(realms).toContainText('You are a moderator in Sandbox Org: only organization administrators and owners can change default settings.');
  await expect(realms.getByText('3 settings would change')).toHaveCount(2);
  await expect(dialog.getByRole('button', { name: 'Copy to 0 realms' })).toBeDisabled();
  await expect(realm(sandbox.url, 'adam@sandbox.test')).toHaveCount(0);
  await realm(second.url, 'adam@sandbox.test').check();
  await realm(third.url, 'adam@sandbox.test').check();

  // The third realm goes offline just before the copy.
  third.proxy.cut();
  await dialog.getByRole('button', { name: 'Copy to 2 realms' }).click();
  const panel = page.getByRole('region', { name: 'Copy from Sandbox Org: done' });
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expect(results(panel).getByRole('listitem')).toHaveCount(2);
  await expect(panel.getByRole('progressbar', { name: 'Progress of the copy' })).toHaveAttribute('value', '2');
  await expect(panel).toContainText('2 of 2 done · 1 applied · 0 already the same · 1 failed');
  const applied = results(panel).getByRole('listitem').filter({ hasText: 'Applied' });
  const failed = results(panel).getByRole('listitem').filter({ hasText: 'Failed' });
  await expect(applied).toContainText('Changed: Color scheme, Home view, Send read receipts.');
  await expect(failed).toContainText('Could not copy to');
  await expect(failed).toContainText('Nothing was changed; try again once the server is reachable.');
  expect((await defaultsOnServer(second.directUrl)).values).toMatchObject({ color_scheme: 2, web_home_view: 'recent_topics', send_read_receipts: false });
  expect((await defaultsOnServer(third.directUrl)).values).toMatchObject({ color_scheme: 1, web_home_view: 'inbox', send_read_receipts: true });

  // Back online: retrying runs the failed realm only.
  third.proxy.restore();
  await panel.getByRole('button', { name: 'Retry failed (1)' }).click();
  const retried = page.getByRole('region', { name: 'Copy from Sandbox Org: done' });
  await expect(results(retried).getByRole('listitem')).toHaveCount(1, { timeout: 30_000 });
  await expect(results(retried).getByRole('listitem')).toContainText('Applied');
  expect((await defaultsOnServer(third.directUrl)).values).toMatchObject({ color_scheme: 2, web_home_view: 'recent_topics', send_read_receipts: false });
  expect((await defaultsOnServer(sandbox.directUrl)).values).toMatchObject({ color_scheme: 2 });

  // Compare follows: nothing differs among the realms that took the copy.
  await page.getByRole('tab', { name: 'Compare realms' }).click();
  await expect(page.getByText('(0 settings differ)')).toBeVisible();
});
