// A person's effective access end to end: group settings set over the API (a named group inside an
// anonymous group administers #design, moderators alone post there), Mark's panel resolving them,
// his groups directly and through the nested system groups, and the panel following a role change.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInDirectly } from '../support/realm-client';

async function openUser(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Users & roles' }).click();
  await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(name);
  await page.getByRole('grid', { name: 'Users' }).getByRole('row').filter({ hasText: name }).first().click();
  const panel = page.getByRole('complementary', { name: new RegExp(`^${name}`) });
  await expect(panel).toBeVisible();
  return panel;
}

test("Mark's effective access: nested groups and each channel's group settings, following a role change", async ({ consolePage: page, sandbox }) => {
  const asOlivia = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test');
  const groups = (await asOlivia.request('GET', '/user_groups')).user_groups as { id: number; name: string }[];
  const group = (name: string) => (groups.find((each) => each.name === name) as { id: number }).id;
  const streams = (await asOlivia.request('GET', '/streams')).streams as { stream_id: number; name: string }[];
  const design = (streams.find((each) => each.name === 'design') as { stream_id: number }).stream_id;
  const changed = await asOlivia.request('PATCH', `/streams/${design}`, {
    can_administer_channel_group: { new: { direct_members: [], direct_subgroups: [group('engineers')] } },
    can_send_message_group: { new: group('role:moderators') },
  });
  expect(changed.result).toBe('success');

  const panel = await openUser(page, 'Mark Member');
  const access = panel.getByRole('region', { name: 'Effective access' });
  const groupList = access.getByRole('list', { name: 'User groups' });
  await expect(groupList.getByRole('listitem').filter({ hasText: /^engineers/ })).toHaveText('engineers (direct member)');
  await expect(groupList.getByRole('listitem').filter({ hasText: /^Members/ })).toHaveText('Members (by role, through “Full members”)');
  await expect(groupList.getByRole('listitem').filter({ hasText: /^Moderators/ })).toHaveCount(0);
  const designRow = access.getByRole('table', { name: 'Channel access' }).getByRole('row', { name: /^#design/ });
  // Not subscribed; administers it through engineers; so may add subscribers to this public channel.
  await expect(designRow.getByRole('cell')).toHaveText(['No', 'Yes', 'Yes', 'No', 'No']);

  // Made a moderator elsewhere: the open panel follows, and he may now post in #design.
  const mark = await asOlivia.userId('mark@sandbox.test');
  expect((await asOlivia.request('PATCH', `/users/${mark}`, { role: 300 })).result).toBe('success');
  await expect(designRow.getByRole('cell')).toHaveText(['No', 'Yes', 'Yes', 'No', 'Yes']);
  await expect(groupList.getByRole('listitem').filter({ hasText: /^Moderators/ })).toHaveText('Moderators (direct member)');
  const onServer = (await asOlivia.request('GET', `/streams/${design}`)).stream as { can_send_message_group: number };
  expect(onServer.can_send_message_group).toBe(group('role:moderators'));
});

test("Mark's effective access through a custom group nested in another: the channel right it grants, and losing it live", async ({ consolePage: page, sandbox }) => {
  const asOlivia = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test');
  const mark = await asOlivia.userId('mark@sandbox.test');
  // B (Audit crew) holds Mark; A (Audit leads) holds B as a subgroup.
  const crew = await asOlivia.createGroup('Audit crew', [mark]);
  const leads = await asOlivia.createGroup('Audit leads', [], [crew]);
  // A private channel: only its own can_add_subscribers_group (or an administrator) may add to it.
  expect((await asOlivia.request('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'audit-vault' }], invite_only: true })).result).toBe('success');
  const streams = (await asOlivia.request('GET', '/streams')).streams as { stream_id: number; name: string }[];
  const vault = (streams.find((each) => each.name === 'audit-vault') as { stream_id: number }).stream_id;

  const panel = await openUser(page, 'Mark Member');
  const access = panel.getByRole('region', { name: 'Effective access' });
  const groupList = access.getByRole('list', { name: 'User groups' });
  await expect(groupList.getByRole('listitem').filter({ hasText: /^Audit crew/ })).toHaveText('Audit crew (direct member)');
  await expect(groupList.getByRole('listitem').filter({ hasText: /^Audit leads/ })).toHaveText('Audit leads (as a member of its subgroup “Audit crew”)');
  const vaultRow = access.getByRole('table', { name: 'Channel access' }).getByRole('row', { name: /^#audit-vault/ });
  // Cells: subscribed, administer, add subscribers, remove subscribers, post.
  const addSubscribers = vaultRow.getByRole('cell').nth(2);
  await expect(addSubscribers).toHaveText('No');

  // The channel's can_add_subscribers_group becomes A: Mark may add subscribers, through B inside A.
  expect((await asOlivia.request('PATCH', `/streams/${vault}`, { can_add_subscribers_group: { new: leads } })).result).toBe('success');
  await expect(addSubscribers).toHaveText('Yes');
  const onServer = (await asOlivia.request('GET', `/streams/${vault}`)).stream as { can_add_subscribers_group: number };
  expect(onServer.can_add_subscribers_group).toBe(leads);
  const groups = await asOlivia.groups();
  expect(groups.find((group) => group.id === leads)).toMatchObject({ members: [], direct_subgroup_ids: [crew] });
  expect(groups.find((group) => group.id === crew)).toMatchObject({ members: [mark], direct_subgroup_ids: [] });

  // Taken out of B elsewhere: the open panel follows, both groups and the right go.
  expect((await asOlivia.request('POST', `/user_groups/${crew}/members`, { delete: [mark] })).result).toBe('success');
  await expect(addSubscribers).toHaveText('No');
  await expect(groupList.getByRole('listitem').filter({ hasText: /^Audit/ })).toHaveCount(0);
  expect((await asOlivia.groups()).find((group) => group.id === crew)?.members).toEqual([]);
});
