// Changing one channel against a real sandbox: what the server receives (nothing, when a rule refuses
// or the screen's value is stale), the conflict when another administrator changed the same setting
// meanwhile (caught by the core from the live state, or refused by the server's `{new, old}` check
// when the state had not heard yet) and applying one's own value on top, and what the log keeps.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getStream, updateChannel, type GroupSettingValue, type Stream } from '../../../shared/api';
import { CHANNEL_CHANGED, type ChannelChange } from '../../../shared/ipc';
import type { ApiClient } from '../client/api-client';
import type { ConsoleError } from '../errors';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { directClient, eventually, signedInConsole, type TestConsole } from '../users/testing/console-harness';
import { ChannelChanges } from './channel-changes';

let sandbox: Sandbox;
let olivia: TestConsole;
let adamConsole: TestConsole;
let adam: ApiClient;
let changes: ChannelChanges;
let adamChanges: ChannelChanges;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo' });
  olivia = await signedInConsole(sandbox.url, 'olivia@sandbox.test');
  adamConsole = await signedInConsole(sandbox.url, 'adam@sandbox.test');
  adam = await directClient(sandbox.url, 'adam@sandbox.test');
  changes = new ChannelChanges({ accounts: olivia.accounts, sessions: olivia.sessions, activity: olivia.activity });
  adamChanges = new ChannelChanges({ accounts: adamConsole.accounts, sessions: adamConsole.sessions, activity: adamConsole.activity });
}, 60_000);

afterAll(async () => {
  await olivia?.close();
  await adamConsole?.close();
  await sandbox?.close();
});

async function refusal(attempt: Promise<unknown>): Promise<ConsoleError> {
  try {
    await attempt;
  } catch (error) {
    return error as ConsoleError;
  }
  throw new Error('expected the change to be refused');
}

const channel = (name: string): Stream => {
  for (const candidate of olivia.state().channels.values()) if (candidate.name === name) return candidate;
  throw new Error(`no channel ${name}`);
};
const group = (name: string): number => {
  for (const candidate of olivia.state().groups.values()) if (candidate.name === name) return candidate.id;
  throw new Error(`no group ${name}`);
};
const onServer = async (id: number) => (await adam.call(getStream, { stream_id: id })).value.stream;
const sent = (console: TestConsole) => console.requests.filter((request) => !request.startsWith('GET'));
const lastEntry = () => olivia.activity.list(olivia.accountId, 1)[0];

describe('a group setting', () => {
  test('is sent as {new, old}, shows in the state, and is logged with the channel', async () => {
    const design = channel('design');
    olivia.requests.length = 0;
    const change: ChannelChange = { property: 'can_send_message_group', value: group('role:moderators'), old: design.can_send_message_group as GroupSettingValue };
    const result = await changes.update(olivia.accountId, design.stream_id, change);
    expect(result.outcome).toBe('changed');
    expect(result.entry.channel.can_send_message_group).toBe(group('role:moderators'));
    expect(olivia.state().channels.get(design.stream_id)).toBe(result.entry.channel);
    expect(sent(olivia)).toEqual([`PATCH /api/v1/streams/${design.stream_id}`]);
    expect((await onServer(design.stream_id)).can_send_message_group).toBe(group('role:moderators'));
    expect(lastEntry()).toMatchObject({
      action: 'Changed channel permission',
      target: '#design',
      details: 'Post messages: Everyone, guests included → Moderators',
      result: 'ok',
      channelId: design.stream_id,
    });
  });

  test('the value it already has is no change: nothing is sent', async () => {
    const design = channel('design');
    olivia.requests.length = 0;
    const result = await changes.update(olivia.accountId, design.stream_id, { property: 'can_send_message_group', value: group('role:moderators'), old: group('role:moderators') });
    expect(result.outcome).toBe('unchanged');
    expect(sent(olivia)).toEqual([]);
  });

  test('changed by another administrator, and the state knows: a conflict with their value, nothing sent; then mine on top of theirs', async () => {
    const design = channel('design');
    const shown = design.can_send_message_group as GroupSettingValue;
    await adam.call(updateChannel, { stream_id: design.stream_id, can_send_message_group: { new: group('role:administrators') } });
    await eventually(() => channel('design').can_send_message_group === group('role:administrators'), 'the other change in the state');
    olivia.requests.length = 0;
    const error = await refusal(changes.update(olivia.accountId, design.stream_id, { property: 'can_send_message_group', value: group('role:members'), old: shown }));
    expect(error.code).toBe(CHANNEL_CHANGED);
    expect(error.extra).toMatchObject({ property: 'can_send_message_group', theirs: group('role:administrators'), yours: group('role:members') });
    expect(error.message).toBe(
      'Who may post messages in #design was changed on the server meanwhile: it is now Administrators. Your change to Members was not made over it. Look at their value, then apply yours on top of it or keep theirs.',
    );
    expect(sent(olivia)).toEqual([]);
    const again = await changes.update(olivia.accountId, design.stream_id, { property: 'can_send_message_group', value: group('role:members'), old: group('role:administrators') });
    expect(again.outcome).toBe('changed');
    expect((await onServer(design.stream_id)).can_send_message_group).toBe(group('role:members'));
  });

  test('changed meanwhile before the state heard: the server refuses the stale old, nothing is overwritten, and theirs comes from the server', async () => {
    const engineering = channel('engineering');
    const shown = engineering.can_resolve_topics_group as GroupSettingValue;
    olivia.holdEvents();
    try {
      await adam.call(updateChannel, { stream_id: engineering.stream_id, can_resolve_topics_group: { new: group('role:moderators') } });
      olivia.requests.length = 0;
      const error = await refusal(changes.update(olivia.accountId, engineering.stream_id, { property: 'can_resolve_topics_group', value: group('role:members'), old: shown }));
      expect(error.code).toBe(CHANNEL_CHANGED);
      expect(error.extra.theirs).toBe(group('role:moderators'));
      expect(sent(olivia)).toEqual([`PATCH /api/v1/streams/${engineering.stream_id}`]);
      expect((await onServer(engineering.stream_id)).can_resolve_topics_group).toBe(group('role:moderators'));
      expect(lastEntry()).toMatchObject({ result: 'failed', channelId: engineering.stream_id });
    } finally {
      olivia.releaseEvents();
    }
    await eventually(() => channel('engineering').can_resolve_topics_group === group('role:moderators'), 'their change in the state');
    const again = await changes.update(olivia.accountId, engineering.stream_id, { property: 'can_resolve_topics_group', value: group('role:members'), old: group('role:moderators') });
    expect(again.outcome).toBe('changed');
    expect((await onServer(engineering.stream_id)).can_resolve_topics_group).toBe(group('role:members'));
  });

  test('a group that cannot hold it, or was deactivated meanwhile, is refused without a request', async () => {
    const design = channel('design');
    olivia.requests.length = 0;
    const everyone = await refusal(
      changes.update(olivia.accountId, design.stream_id, { property: 'can_administer_channel_group', value: group('role:everyone'), old: design.can_administer_channel_group as GroupSettingValue }),
    );
    expect(everyone.code).toBe('NOT_ALLOWED');
    expect(everyone.message).toContain('cannot include guests through “Everyone”');
    const derek = [...olivia.state().users.values()].find((user) => user.full_name === 'Derek Departed')?.user_id as number;
    const departed = await refusal(
      changes.update(olivia.accountId, design.stream_id, {
        property: 'can_remove_subscribers_group',
        value: { direct_members: [derek], direct_subgroups: [] },
        old: design.can_remove_subscribers_group as GroupSettingValue,
      }),
    );
    expect(departed.message).toBe('Could not change who may remove subscribers in #design: Derek Departed is deactivated: remove them from the list and try again.');
    expect(sent(olivia)).toEqual([]);
  });
});

describe('the other properties', () => {
  test('privacy: public to private with protected history, as one change, back by a subscriber', async () => {
    const design = channel('design');
    const result = await changes.update(olivia.accountId, design.stream_id, { property: 'privacy', value: 'private_protected', old: 'public' });
    expect(result.entry.channel).toMatchObject({ invite_only: true, history_public_to_subscribers: false });
    expect(lastEntry()).toMatchObject({ action: 'Changed channel privacy', details: 'Public → Private, protected history' });
    await changes.update(olivia.accountId, design.stream_id, { property: 'privacy', value: 'public', old: 'private_protected' });
  });

  test('making private a channel one is not subscribed to is confirmed first: it takes its messages away', async () => {
    const engineering = channel('engineering');
    olivia.requests.length = 0;
    const error = await refusal(changes.update(olivia.accountId, engineering.stream_id, { property: 'privacy', value: 'private_shared', old: 'public' }));
    expect(error.code).toBe('CONFIRMATION_NEEDED');
    expect(error.extra.hazards).toEqual(['ownAccess']);
    expect(error.message).toContain('You are not subscribed to #engineering');
    expect(sent(olivia)).toEqual([]);
    const done = await changes.update(olivia.accountId, engineering.stream_id, { property: 'privacy', value: 'private_shared', old: 'public' }, { acknowledged: ['ownAccess'] });
    expect(done.entry.channel.invite_only).toBe(true);
    // Now only a subscriber (Adam) can make it public again.
    const back = await refusal(changes.update(olivia.accountId, engineering.stream_id, { property: 'privacy', value: 'public', old: 'private_shared' }));
    expect(back.message).toContain('needs access to its messages');
    await adam.call(updateChannel, { stream_id: engineering.stream_id, is_private: false });
  });

  test('a default channel cannot become private: refused with the rule, without a request', async () => {
    const general = channel('general');
    olivia.requests.length = 0;
    const error = await refusal(changes.update(olivia.accountId, general.stream_id, { property: 'privacy', value: 'private_shared', old: 'public' }));
    expect(error.message).toBe('Could not change the privacy of #general: A default channel cannot be private: remove it from the default channels first.');
    expect(sent(olivia)).toEqual([]);
  });

  test('retention is for owners: an administrator is refused before anything is sent', async () => {
    const design = [...adamConsole.state().channels.values()].find((candidate) => candidate.name === 'design') as Stream;
    adamConsole.requests.length = 0;
    const error = await refusal(adamChanges.update(adamConsole.accountId, design.stream_id, { property: 'retention', value: 30, old: design.message_retention_days }));
    expect(error.code).toBe('NOT_ALLOWED');
    expect(error.message).toContain('Only organization owners can change how long messages are kept.');
    expect(sent(adamConsole)).toEqual([]);
    const owner = await changes.update(olivia.accountId, design.stream_id, { property: 'retention', value: 30, old: design.message_retention_days });
    expect(owner.entry.channel.message_retention_days).toBe(30);
  });

  test('a topics policy the server refuses comes back in its words', async () => {
    const general = channel('general');
    const error = await refusal(changes.update(olivia.accountId, general.stream_id, { property: 'topicsPolicy', value: 'empty_topic_only', old: general.topics_policy ?? 'inherit' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe(
      'Could not change the topics policy of #general: To enable this configuration, all messages in this channel must be in the general chat topic. Consider renaming other topics to general chat.',
    );
  });

  test('a name another channel has, archived or not, is refused', async () => {
    const design = channel('design');
    const error = await refusal(changes.update(olivia.accountId, design.stream_id, { property: 'name', value: 'Old-Projects', old: 'design' }));
    expect(error.message).toBe('Could not change the name of #design: A channel named old-projects already exists (archived): choose another name.');
  });

  test('a name that only looks like another channel’s is refused; one with an invisible character that looks like no other is not', async () => {
    const design = channel('design');
    const error = await refusal(changes.update(olivia.accountId, design.stream_id, { property: 'name', value: 'gen\u00aderal', old: 'design' }));
    expect(error.message).toBe('Could not change the name of #design: The name looks the same as #general, a channel that already exists: choose another name.');
    const general = channel('general');
    const renamed = await changes.update(olivia.accountId, general.stream_id, { property: 'name', value: 'gen\u200beral', old: 'general' });
    expect(renamed.entry.channel.name).toBe('gen\u200beral');
    await changes.update(olivia.accountId, general.stream_id, { property: 'name', value: 'general', old: 'gen\u200beral' });
  });

  test('default channel, folder and description', async () => {
    const design = channel('design');
    expect((await changes.update(olivia.accountId, design.stream_id, { property: 'default', value: true, old: false })).entry.isDefault).toBe(true);
    const social = [...olivia.state().folders.values()].find((folder) => folder.name === 'Social')?.id as number;
    expect((await changes.update(olivia.accountId, design.stream_id, { property: 'folder', value: social, old: design.folder_id ?? null })).entry.channel.folder_id).toBe(social);
    const described = await changes.update(olivia.accountId, design.stream_id, { property: 'description', value: 'Shapes\nand colours', old: design.description });
    expect(described.entry.channel.description).toBe('Shapes and colours');
  });

  test('archive and unarchive', async () => {
    const design = channel('design');
    expect((await changes.update(olivia.accountId, design.stream_id, { property: 'archived', value: true, old: false })).entry.channel.is_archived).toBe(true);
    expect((await onServer(design.stream_id)).is_archived).toBe(true);
    expect(lastEntry()).toMatchObject({ action: 'Archived channel', target: '#design' });
    expect((await changes.update(olivia.accountId, design.stream_id, { property: 'archived', value: false, old: true })).entry.channel.is_archived).toBe(false);
  });
});

describe('for bulk jobs', () => {
  test('attempt returns a conflict or a failure with its reason, never throws', async () => {
    const announcements = channel('announcements');
    const conflict = await changes.attempt(olivia.accountId, announcements.stream_id, { property: 'can_send_message_group', value: group('role:members'), old: group('role:nobody') });
    expect(conflict).toMatchObject({ outcome: 'conflict', theirs: announcements.can_send_message_group });
    const failed = await changes.attempt(olivia.accountId, 99999, { property: 'topicsPolicy', value: 'inherit', old: 'inherit' });
    expect(failed).toMatchObject({ outcome: 'failed', code: 'NO_SUCH_CHANNEL' });
  });
});

describe('one’s own administration of a channel', () => {
  test('a moderator who administers a channel is asked to confirm giving it up', async () => {
    const mona = await signedInConsole(sandbox.url, 'mona@sandbox.test');
    try {
      const monaId = mona.state().ownUserId;
      const design = channel('design');
      await changes.update(olivia.accountId, design.stream_id, {
        property: 'can_administer_channel_group',
        value: { direct_members: [monaId], direct_subgroups: [] },
        old: design.can_administer_channel_group as GroupSettingValue,
      });
      // Mona's own session must have the change too: Olivia's answer comes as soon as hers has it.
      const administers = (setting: GroupSettingValue | undefined) => typeof setting === 'object' && setting.direct_members.includes(monaId);
      await eventually(() => administers([...mona.state().channels.values()].find((candidate) => candidate.name === 'design')?.can_administer_channel_group), 'Mona’s state');
      const monaChanges = new ChannelChanges({ accounts: mona.accounts, sessions: mona.sessions, activity: mona.activity });
      const change: ChannelChange = {
        property: 'can_administer_channel_group',
        value: group('role:administrators'),
        old: { direct_members: [monaId], direct_subgroups: [] },
      };
      const error = await refusal(monaChanges.update(mona.accountId, design.stream_id, change));
      expect(error.code).toBe('CONFIRMATION_NEEDED');
      expect(error.extra.hazards).toEqual(['ownAdministration']);
      expect((await monaChanges.update(mona.accountId, design.stream_id, change, { acknowledged: ['ownAdministration'] })).outcome).toBe('changed');
    } finally {
      await mona.close();
    }
  });
});
