// The Connect screen end to end: it says who may sign in, in the words the core's refusal uses, and a
// moderator, whom the core accepts, signs in, and sees her own pending invitations counted as hers.
import { expect, test } from '../support/fixtures';
import { signInDirectly } from '../support/realm-client';

test.use({ sandboxOptions: { seed: 'demo', config: {}, signedIn: false } });

test('the intro names every role the console accepts, and a moderator signs in', async ({ consolePage: page, sandbox }) => {
  await expect(page.getByRole('heading', { name: 'Connect to your organization' })).toBeVisible();
  await expect(page.getByText(/^Sign in as an owner, administrator or moderator of an organization/)).toBeVisible();

  // The refusal of a member uses the same words.
  await page.getByLabel('Server URL').fill(sandbox.url);
  await page.getByRole('textbox', { name: 'Email' }).fill('mark@sandbox.test');
  await page.getByLabel('Password', { exact: true }).fill('sandbox');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/Realm Console needs an owner, administrator or moderator account/)).toBeVisible();

  await page.getByRole('textbox', { name: 'Email' }).fill('mona@sandbox.test');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Organization:/ })).toContainText('Mona Moderator');
  // She is a moderator on the server, and what moderators do here works: the reports are listed.
  const mona = await signInDirectly(sandbox.directUrl, 'mona@sandbox.test');
  expect(((await mona.request('GET', '/users/me')) as { role: number }).role).toBe(300);
  // The server lists her own invitations to her, and the Overview counts those, as hers.
  const hers = ((await mona.request('GET', '/invites')) as { invites: { email?: string }[] }).invites.map((invite) => invite.email);
  expect(hers).toEqual(['design.candidate@sandbox.test']);
  await expect(page.getByText('Only owners and administrators see everyone’s pending invitations.')).toBeVisible();
  await page.getByRole('button', { name: '1 sent by you', exact: true }).click();
  await expect(page.getByRole('tab', { name: /^Pending invitations/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Pending invitations, newest first' }).locator('tbody tr')).toHaveText([/design\.candidate@sandbox\.test/]);
  await expect(page.getByRole('status').filter({ hasText: 'waiting to be accepted' })).toHaveText(
    '1 invitation you sent is waiting to be accepted. Only owners and administrators see everyone’s.',
  );
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Moderation' }).click();
  await expect(page.getByRole('listbox', { name: 'Reports' }).getByRole('option')).toHaveCount(3);
});
