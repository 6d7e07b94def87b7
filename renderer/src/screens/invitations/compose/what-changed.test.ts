// What a send confirmation says when what it would send changed while it was open: one sentence per
// difference, naming what went away by the name it had, and nothing when nothing differs.
import { describe, expect, test } from 'vitest';
import type { CampaignOptions, InviteChoices } from '../../../../../shared/ipc';
import { choices } from '../testing/invitation-samples';
import { sentChanges, sentKey, type SentShape } from './what-changed';

const options = (overrides: Partial<CampaignOptions> = {}): CampaignOptions => ({
  invite_as: 200,
  stream_ids: [3, 4],
  group_ids: [20],
  include_realm_default_subscriptions: true,
  notify_referrer_on_join: true,
  invite_expires_in_minutes: 14400,
  welcome_message_custom_text: 'Welcome aboard',
  ...overrides,
});
const ann = { email: 'ann@example.com', name: null };
const bob = { email: 'bob@example.com', name: null };
const shape = (overrides: Partial<CampaignOptions> = {}, addresses = [ann, bob]): SentShape => ({ options: options(overrides), addresses });

/** The choices of an administrator made a moderator: members and guests only, no welcome message. */
const asModerator: InviteChoices = choices({
  roles: choices().roles.map((choice) => (choice.role === 400 || choice.role === 600 ? choice : { ...choice, allowed: false, reason: 'Only organization administrators can invite administrators and moderators.' })),
  canWriteWelcomeMessage: false,
});

describe('sentChanges', () => {
  test('nothing differs: nothing to say, and the keys are equal', () => {
    expect(sentChanges(shape(), shape(), choices(), choices())).toEqual([]);
    expect(sentKey(shape())).toBe(sentKey(shape()));
  });

  test('a role the user may no longer grant: their role changed, and what the invitations give now', () => {
    const now = shape({ invite_as: 400, welcome_message_custom_text: null });
    expect(sentKey(now)).not.toBe(sentKey(shape()));
    expect(sentChanges(shape(), now, choices(), asModerator)).toEqual([
      'Your role changed on the server: you may no longer invite administrators, so these invitations would be sent as members.',
      'Only administrators can choose the welcome message, so they would get the organization’s default welcome message, not yours.',
    ]);
  });

  test('a channel and a group no longer offered are named as they were', () => {
    const now: InviteChoices = choices({ channels: choices().channels.filter((channel) => channel.id !== 4), groups: [] });
    expect(sentChanges(shape(), shape({ stream_ids: [3], group_ids: [] }), choices(), now)).toEqual([
      '#design is no longer offered (archived or deleted, or you may no longer add people to it), so it was taken out of the channels.',
      'engineers is no longer offered (deactivated, or you may no longer add members), so it was taken out of the groups.',
    ]);
  });

  test('an address the check no longer sends is named', () => {
    expect(sentChanges(shape(), shape({}, [ann]), choices(), choices())).toEqual([
      'bob@example.com is no longer sent: the check found it changed on the server (invited meanwhile, or with an account now).',
    ]);
  });
});
