import { expect, test } from 'vitest';
import { realmOverview } from './overview';
import { withInvitations } from './realm-state';
import { apply, DEMO, demoState } from './testing/demo-snapshot';

test('the demo realm’s overview: people by role, channels, folders, invitations and reports', () => {
  expect(realmOverview(demoState())).toEqual({
    realmName: 'Sandbox Org',
    realmUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
    featureLevel: demoState().featureLevel,
    // Olivia, Adam, Mona, 40 generated members plus Mark, Gina; Echo Bot and Derek (deactivated) are
    // members too, so they count as members, and also as a bot and a deactivated user.
    users: 47,
    usersByRole: { owner: 1, administrator: 1, moderator: 1, member: 43, guest: 1 },
    activeUsers: 46,
    deactivatedUsers: 1,
    humans: 46,
    bots: 1,
    channels: 6,
    archivedChannels: 1,
    folders: 2,
    pendingInvitations: { count: 3, whose: 'all' },
    reports: 3,
    moderationChannel: 'moderation',
  });
});

test('the overview follows the state: a promotion, an archived folder, a deactivation', () => {
  let state = demoState();
  state = apply(state, { type: 'realm_user', op: 'update', person: { user_id: DEMO.users.mark, role: 200 } }).state;
  state = apply(state, { type: 'realm_user', op: 'update', person: { user_id: DEMO.users.gina, is_active: false } }).state;
  state = apply(state, { type: 'channel_folder', op: 'update', channel_folder_id: DEMO.folders.social, data: { is_archived: true } }).state;
  state = apply(state, { type: 'stream', op: 'update', stream_id: DEMO.channels.design, name: 'design', property: 'is_archived', value: true }).state;
  const overview = realmOverview(state);
  // Gina keeps her role when deactivated: still a guest, now also counted as deactivated.
  expect(overview.usersByRole).toEqual({ owner: 1, administrator: 2, moderator: 1, member: 42, guest: 1 });
  expect([overview.users, overview.activeUsers, overview.deactivatedUsers]).toEqual([47, 45, 2]);
  expect(overview.folders).toBe(1);
  expect([overview.channels, overview.archivedChannels]).toEqual([5, 2]);
});

test('a list of the user’s own invitations is counted as theirs, not as the organization’s', () => {
  const state = demoState();
  const own = state.invitations?.filter((invite) => invite.invited_by_user_id === DEMO.users.mona) ?? [];
  expect(own).toHaveLength(1);
  expect(realmOverview(withInvitations(state, { scope: 'own', invites: own })).pendingInvitations).toEqual({ count: 1, whose: 'own' });
});

test('without invitations access, a moderation channel or a count, those figures are null', () => {
  const state = { ...withInvitations(demoState(), null), reportIds: null, moderationRequestChannelId: null };
  expect(realmOverview(state)).toMatchObject({ pendingInvitations: null, reports: null, moderationChannel: null });
});
