// The editor's answers to what the core says of a save: a conflict the server caught (their value
// beside the user's, and applying the user's on top of theirs with their value as `old`), and a step
// the core wants confirmed in words; the same conflict said once when its event arrives too; adding the
// one person found with Enter.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import type { ChannelEntry } from '../../../../../shared/ipc';
import { installFakeBridge, removeFakeBridge, renderWithQueries } from '../../../testing/fake-bridge';
import { olivia } from '../../../testing/demo-samples';
import { channelEntry, SAMPLE_CONTEXT, SAMPLE_USERS } from '../testing/channel-samples';
import { ChannelEditor } from './ChannelEditor';
import { useChannels } from '../../../queries/channels';
import { usePushes } from '../../../queries/pushes';
import { useRulesContext } from './rules-context';

/** The editor on the channel as the channel list has it, as the screen shows it: a save's reply patches the list. */
function Editor({ entry }: { entry: ChannelEntry }) {
  usePushes();
  const rules = useRulesContext(SAMPLE_CONTEXT, SAMPLE_USERS);
  const live = useChannels(olivia.id).data?.find((one) => one.channel.stream_id === entry.channel.stream_id) ?? entry;
  return <ChannelEditor account={olivia} context={SAMPLE_CONTEXT} rules={rules} entry={live} onClose={() => undefined} />;
}

afterEach(() => {
  cleanup();
  removeFakeBridge();
});

test('the server refused a stale old: their value beside mine; mine goes again on top of theirs', async () => {
  const entry = channelEntry(5, 'design', { can_send_message_group: 7 });
  let attempts = 0;
  const bridge = installFakeBridge({
    'channels.update': ({ change }) => {
      attempts += 1;
      if (attempts === 1) {
        return { error: { code: 'CHANNEL_CHANGED', msg: 'Who may post messages in #design was changed on the server meanwhile: it is now Administrators.', property: change.property, theirs: 3, yours: change.value } };
      }
      return { outcome: 'changed', entry: channelEntry(5, 'design', { can_send_message_group: 4 }) };
    },
    'channels.list': () => [entry],
    'activity.list': () => [],
  });
  renderWithQueries(<Editor entry={entry} />);
  fireEvent.click(screen.getByRole('button', { name: /^Post messages/ }));
  const post = screen.getByRole('region', { name: 'Post messages' });
  const search = within(post).getByRole('combobox', { name: 'Add to “Post messages”' });
  fireEvent.focus(search);
  fireEvent.change(search, { target: { value: 'moder' } });
  fireEvent.mouseDown(within(post).getByRole('option', { name: /Moderators/ }));
  fireEvent.click(within(post).getByRole('button', { name: 'Remove Everyone, guests included' }));
  fireEvent.click(within(post).getByRole('button', { name: 'Save “Post messages”' }));

  const conflict = await within(post).findByRole('alert');
  expect(conflict.textContent).toContain('Theirs, on the server nowAdministrators');
  expect(conflict.textContent).toContain('Yours, not sentModerators');
  // Their change arrives as an event too: the section says it once, not again as "changed meanwhile".
  act(() => bridge.push({ kind: 'realm.changed', account: olivia.id, changes: [{ collection: 'channels', ids: [5] }], records: { channels: [channelEntry(5, 'design', { can_send_message_group: 3 })] } }));
  await waitFor(() => expect(screen.getByRole('button', { name: /^Post messages/ }).textContent).toContain('Administrators'));
  expect(post.querySelectorAll('.meanwhile')).toHaveLength(1);
  fireEvent.click(within(conflict).getByRole('button', { name: 'Apply mine on top of theirs' }));
  await within(post).findByRole('status');
  expect(bridge.callsTo('channels.update')).toEqual([
    { account: olivia.id, channelId: 5, change: { property: 'can_send_message_group', value: 4, old: 7 } },
    { account: olivia.id, channelId: 5, change: { property: 'can_send_message_group', value: 4, old: 3 } },
  ]);
});

test('a step the core wants confirmed is sent again only once the box is ticked, with the hazard acknowledged', async () => {
  const entry = channelEntry(6, 'engineering', { topics_policy: 'inherit' });
  let attempts = 0;
  const bridge = installFakeBridge({
    'channels.update': () => {
      attempts += 1;
      if (attempts === 1) return { error: { code: 'CONFIRMATION_NEEDED', msg: 'You would lose access.', hazards: ['ownAccess'] } };
      return { outcome: 'changed', entry };
    },
    'channels.list': () => [entry],
    'activity.list': () => [],
  });
  renderWithQueries(<Editor entry={entry} />);
  const topics = screen.getByRole('region', { name: 'Topics' });
  fireEvent.click(within(topics).getByRole('radio', { name: 'Named topics only' }));
  fireEvent.click(within(topics).getByRole('button', { name: 'Save topics policy' }));
  const ask = await within(topics).findByRole('alert');
  const confirm = within(ask).getByRole<HTMLButtonElement>('button', { name: 'Make the change' });
  expect(confirm.disabled).toBe(true);
  fireEvent.click(within(ask).getByRole('checkbox', { name: 'I understand, and want to make this change' }));
  fireEvent.click(confirm);
  await within(topics).findByRole('status');
  expect(bridge.callsTo('channels.update').at(-1)).toMatchObject({ acknowledged: ['ownAccess'] });
});

test('a shorter retention is sent only once confirmed, saying what is deleted; Cancel sends nothing', async () => {
  const entry = channelEntry(5, 'design', { message_retention_days: null });
  const bridge = installFakeBridge({
    'channels.update': () => ({ outcome: 'changed', entry: channelEntry(5, 'design', { message_retention_days: 30 }) }),
    'channels.list': () => [entry],
    'activity.list': () => [],
  });
  renderWithQueries(<Editor entry={entry} />);
  const retention = screen.getByRole('region', { name: 'Message retention' });
  fireEvent.click(within(retention).getByRole('radio', { name: 'A number of days' }));
  fireEvent.change(within(retention).getByRole('textbox', { name: 'Days to keep messages' }), { target: { value: '30' } });
  const keep = within(retention).getByRole('button', { name: 'Keep messages for 30 days' });

  fireEvent.click(keep);
  const ask = screen.getByRole('dialog', { name: 'Delete messages in #design older than 30 days?' });
  expect(ask.textContent).toContain('Messages in #design older than 30 days will be deleted for good');
  // The safe answer first (components/Dialog.tsx gives it the focus).
  const answers = within(ask).getAllByRole('button');
  expect(answers.map((button) => button.textContent)).toEqual(['Cancel', 'Delete messages older than 30 days']);
  fireEvent.click(answers[0] as HTMLElement);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(bridge.callsTo('channels.update')).toEqual([]);

  fireEvent.click(keep);
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete messages older than 30 days' }));
  expect((await within(retention).findByRole('status')).textContent).toBe('Messages in #design are now kept for 30 days.');
  expect(bridge.callsTo('channels.update')).toEqual([{ account: olivia.id, channelId: 5, change: { property: 'retention', value: 30, old: null } }]);
});

test('a retention that keeps more is sent at once, without a question', async () => {
  const entry = channelEntry(5, 'design', { message_retention_days: 30 });
  const bridge = installFakeBridge({
    'channels.update': () => ({ outcome: 'changed', entry: channelEntry(5, 'design', { message_retention_days: -1 }) }),
    'channels.list': () => [entry],
    'activity.list': () => [],
  });
  renderWithQueries(<Editor entry={entry} />);
  const retention = screen.getByRole('region', { name: 'Message retention' });
  fireEvent.click(within(retention).getByRole('radio', { name: 'Forever' }));
  fireEvent.click(within(retention).getByRole('button', { name: 'Save retention' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect((await within(retention).findByRole('status')).textContent).toBe('Messages in #design are now kept forever.');
  expect(bridge.callsTo('channels.update')).toEqual([{ account: olivia.id, channelId: 5, change: { property: 'retention', value: -1, old: 30 } }]);
});

/** #design with one subscriber (Mark), its editor open on the Subscribers section once they are read. */
async function openOneSubscriber(): Promise<HTMLElement> {
  const entry = channelEntry(5, 'design', {}, { subscriberCount: 1 });
  installFakeBridge({ 'channels.subscribers.list': () => [4], 'channels.list': () => [entry], 'activity.list': () => [] });
  renderWithQueries(<Editor entry={entry} />);
  const subscribers = screen.getByRole('region', { name: 'Subscribers' });
  await within(subscribers).findByText('1 subscriber');
  return subscribers;
}

test('one subscriber is counted in the singular, in the subscriber list and in the archive question', async () => {
  const entry = channelEntry(5, 'design', {}, { subscriberCount: 1 });
  installFakeBridge({ 'channels.subscribers.list': () => [4], 'channels.list': () => [entry], 'activity.list': () => [] });
  renderWithQueries(<Editor entry={entry} />);
  expect(await within(screen.getByRole('region', { name: 'Subscribers' })).findByText('1 subscriber')).toBeTruthy();
  fireEvent.click(within(screen.getByRole('region', { name: 'Archive' })).getByRole('button', { name: 'Archive #design…' }));
  expect(screen.getByRole('dialog', { name: 'Archive #design?' }).textContent).toContain('Its 1 subscriber keeps their subscription');
});

test('adding people: a search that finds nobody says so, apart from one that finds only people subscribed already', async () => {
  const subscribers = await openOneSubscriber();
  const add = within(subscribers).getByRole('searchbox', { name: 'Add people' });
  fireEvent.change(add, { target: { value: 'zzz' } });
  expect(within(subscribers).getByText(/match/).textContent).toBe('Nobody in this organization matches “zzz”.');
  fireEvent.change(add, { target: { value: 'mark' } });
  expect(within(subscribers).getByText(/match/).textContent).toBe('Everyone who matches “mark” is subscribed already, deactivated, or a bot.');
});

test('searching the subscribers for someone not among them says so, instead of an empty list', async () => {
  const subscribers = await openOneSubscriber();
  fireEvent.change(within(subscribers).getByRole('searchbox', { name: 'Search subscribers' }), { target: { value: 'olivia' } });
  expect(await within(subscribers).findByText('No subscriber matches “olivia”.')).toBeTruthy();
});

test('adding people from the keyboard: Down from the search box reaches the first Add button, the arrows move between them, Up from the first goes back', async () => {
  const subscribers = await openOneSubscriber();
  const add = within(subscribers).getByRole('searchbox', { name: 'Add people' });
  fireEvent.change(add, { target: { value: 'a' } });
  const buttons = within(within(subscribers).getByRole('list', { name: 'People to add' })).getAllByRole('button');
  expect(buttons.length).toBeGreaterThan(1);
  add.focus();
  fireEvent.keyDown(add, { key: 'ArrowDown' });
  expect(document.activeElement).toBe(buttons[0]);
  fireEvent.keyDown(buttons[0] as HTMLElement, { key: 'ArrowDown' });
  expect(document.activeElement).toBe(buttons[1]);
  fireEvent.keyDown(buttons[1] as HTMLElement, { key: 'ArrowUp' });
  fireEvent.keyDown(buttons[0] as HTMLElement, { key: 'ArrowUp' });
  expect(document.activeElement).toBe(add);
});

test('Enter in "Add people" adds the one person found, and with several goes to their Add buttons', async () => {
  const entry = channelEntry(5, 'design', {}, { subscriberCount: 1 });
  const bridge = installFakeBridge({
    'channels.subscribers.list': () => [4],
    'channels.subscribers.change': ({ userIds }) => userIds.map((userId) => ({ userId, outcome: 'added' as const, reason: null })),
    'channels.list': () => [entry],
    'activity.list': () => [],
  });
  renderWithQueries(<Editor entry={entry} />);
  const subscribers = screen.getByRole('region', { name: 'Subscribers' });
  await within(subscribers).findByText('1 subscriber');
  const add = within(subscribers).getByRole('searchbox', { name: 'Add people' });

  fireEvent.change(add, { target: { value: 'a' } });
  const buttons = within(within(subscribers).getByRole('list', { name: 'People to add' })).getAllByRole('button');
  add.focus();
  fireEvent.keyDown(add, { key: 'Enter' });
  expect(document.activeElement).toBe(buttons[0]);
  expect(bridge.callsTo('channels.subscribers.change')).toEqual([]);

  fireEvent.change(add, { target: { value: 'mona' } });
  expect(within(subscribers).getByText('Press Enter to add Mona Moderator.')).toBeTruthy();
  fireEvent.keyDown(add, { key: 'Enter' });
  expect(await within(subscribers).findByText('Mona Moderator was subscribed to #design.')).toBeTruthy();
  expect(bridge.callsTo('channels.subscribers.change')).toEqual([{ account: olivia.id, channelId: 5, action: 'add', userIds: [3], acknowledged: [] }]);
});
