// A permission's cell says in its title who holds it and who of them can use it in the channel, in the
// channel editor's words (shared/domain/channel-audience.ts): in a private channel only subscribers
// post, so the group's size and the number who can use it differ.
import { renderHook } from '@testing-library/react';
import { expect, test } from 'vitest';
import { useRulesContext } from '../editor/rules-context';
import { channelEntry, SAMPLE_CONTEXT, SAMPLE_USERS } from '../testing/channel-samples';
import { cellWords } from './matrix-cells';

const RULES = renderHook(() => useRulesContext(SAMPLE_CONTEXT, SAMPLE_USERS)).result.current;

test('a permission’s cell counts those who can use it apart from the people its value holds', () => {
  // Everyone (4 people) may post in a private channel whose subscribers are Olivia and Adam.
  const { channel } = channelEntry(5, 'leadership', { invite_only: true, history_public_to_subscribers: false, can_send_message_group: 7 });
  const words = cellWords(channel, 'can_send_message_group', RULES, [1, 2]);
  expect(words.title).toBe('Everyone, guests included: 4 people hold it through this setting; 2 can use it: only subscribers can post in a private channel.');
  // Once the subscribers change (a new list), the title follows.
  expect(cellWords(channel, 'can_send_message_group', RULES, [1, 2, 3]).title).toContain('; 3 can use it:');
  // In a public channel every member can post: one count.
  const open = channelEntry(6, 'general', { can_send_message_group: 7 }).channel;
  expect(cellWords(open, 'can_send_message_group', RULES, [1]).title).toBe('Everyone, guests included: 4 people hold it through this setting.');
});

test('a cell whose channel value holds nobody names who always may, as the editor does, instead of a bare “Nobody”', () => {
  const { channel } = channelEntry(8, 'quiet', { can_administer_channel_group: 1, can_send_message_group: 1 });
  const administer = cellWords(channel, 'can_administer_channel_group', RULES, [1]);
  expect(administer.text).toBe('Only organization administrators');
  expect(administer.title).toBe('Nobody: 0 people hold it through this setting. And always: organization administrators.');
  // Nobody may always post: there "Nobody" is the truth.
  expect(cellWords(channel, 'can_send_message_group', RULES, [1]).text).toBe('Nobody');
  // A value that holds people keeps its own words; the title adds who always may.
  const moderators = channelEntry(9, 'steady', { can_administer_channel_group: 4 }).channel;
  expect(cellWords(moderators, 'can_administer_channel_group', RULES, [1])).toMatchObject({ text: 'Moderators', title: expect.stringMatching(/And always: organization administrators\.$/) });
});
