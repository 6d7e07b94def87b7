// The organization's channel settings in the state: read from the register snapshot, and kept live by
// `realm` events (a change names the collection `realm`, so the Channels screen rereads its context).
import { describe, expect, test } from 'vitest';
import { channelPolicyFromRegister } from './realm-policy';
import { apply, DEMO, demoRegisterReply, demoState } from './testing/demo-snapshot';

describe('the channel policy', () => {
  test('comes from the register snapshot under upstream’s names', () => {
    expect(channelPolicyFromRegister(demoRegisterReply())).toMatchObject({
      messageRetentionDays: -1,
      topicsPolicy: 'allow_empty_topic',
      emptyTopicName: 'general chat',
      webPublicEnabled: false,
      spectatorAccess: false,
      groups: { can_create_web_public_channel_group: DEMO.groups.owners, can_delete_any_message_group: DEMO.groups.administrators, can_set_topics_policy_group: DEMO.groups.members },
    });
  });

  test('a server that does not report a setting leaves it null (the server decides)', () => {
    const { realm_message_retention_days: _days, realm_can_add_subscribers_group: _add, ...older } = demoRegisterReply();
    const policy = channelPolicyFromRegister(older);
    expect(policy.messageRetentionDays).toBeNull();
    expect(policy.groups.can_add_subscribers_group).toBeNull();
  });

  test('follows realm update and update_dict events, and says the realm changed', () => {
    const state = demoState();
    const days = apply(state, { type: 'realm', op: 'update', property: 'message_retention_days', value: 90 });
    expect(days.state.channelPolicy.messageRetentionDays).toBe(90);
    expect(days.changes).toEqual([{ collection: 'realm', ids: [] }]);
    const groups = apply(days.state, { type: 'realm', op: 'update_dict', property: 'default', data: { can_add_subscribers_group: DEMO.groups.administrators, enable_spectator_access: true } });
    expect(groups.state.channelPolicy).toMatchObject({ spectatorAccess: true, groups: { can_add_subscribers_group: DEMO.groups.administrators } });
  });

  test('an unrelated realm setting leaves the policy as it was', () => {
    const state = demoState();
    const next = apply(state, { type: 'realm', op: 'update', property: 'name', value: 'Renamed Org' });
    expect(next.state.channelPolicy).toBe(state.channelPolicy);
  });
});
