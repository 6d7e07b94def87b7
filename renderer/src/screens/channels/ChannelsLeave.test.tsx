// An unsaved edit in the channel editor is not dropped unasked: opening another channel, closing the
// editor or switching the screen's tab asks "Leave without saving?" (the shell's question), Stay keeps
// the edit; after a save nothing asks; a permission row with an edit stays open when another opens.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { ChannelEntry } from '../../../../shared/ipc';
import { LeaveConfirm } from '../../app/LeaveConfirm';
import { useUi } from '../../stores/ui';
import { olivia } from '../../testing/demo-samples';
import { installFakeBridge, removeFakeBridge, renderWithQueries } from '../../testing/fake-bridge';
import { giveListsASize } from '../../testing/list-size';
import { ChannelsScreen } from './ChannelsScreen';
import { useChannelsUi } from './channels-ui';
import { channelEntry, SAMPLE_CONTEXT, SAMPLE_USERS } from './testing/channel-samples';

giveListsASize('channels-table');

let design: ChannelEntry;

beforeEach(() => {
  design = channelEntry(5, 'design', { can_send_message_group: 7 });
  installFakeBridge({
    'channels.context': () => SAMPLE_CONTEXT,
    'channels.list': () => [design, channelEntry(6, 'engineering')],
    'realm.users.list': () => SAMPLE_USERS,
    'activity.list': () => [],
    'channels.renderDescription': () => ({ html: '<p>preview</p>' }),
    'channels.update': ({ change }) => {
      design = channelEntry(5, 'design', { [change.property]: change.value });
      return { outcome: 'changed', entry: design };
    },
  });
  useChannelsUi.getState().forAccount(`reset-${String(Math.random())}`);
  useUi.setState({ leaveGuard: null, pendingLeave: null });
});

afterEach(() => {
  cleanup();
  removeFakeBridge();
  useUi.setState({ leaveGuard: null, pendingLeave: null });
});

const row = (name: string) => within(screen.getByRole('grid', { name: 'Channels' })).getByText(`#${name}`, { exact: false });
const question = () => screen.findByRole('dialog', { name: 'Leave without saving?' });

async function editDesignDescription(text: string) {
  renderWithQueries(
    <>
      <ChannelsScreen account={olivia} />
      <LeaveConfirm />
    </>,
  );
  await screen.findByRole('grid', { name: 'Channels' });
  fireEvent.click(row('design'));
  const editor = await screen.findByRole('complementary', { name: '#design' });
  fireEvent.change(within(editor).getByRole('textbox', { name: 'Description (Markdown)' }), { target: { value: text } });
  return editor;
}

test('another channel: the question names the channel; Stay keeps the edit, "Discard and leave" opens the other', async () => {
  const editor = await editDesignDescription('Mockups and reviews');
  fireEvent.click(row('engineering'));
  const asked = await question();
  expect(asked.textContent).toContain('You have an unsaved change to #design.');
  fireEvent.click(within(asked).getByRole('button', { name: 'Stay' }));
  expect(screen.getByRole('complementary', { name: '#design' })).toBe(editor);
  expect(within(editor).getByRole<HTMLTextAreaElement>('textbox', { name: 'Description (Markdown)' }).value).toBe('Mockups and reviews');

  fireEvent.click(row('engineering'));
  fireEvent.click(within(await question()).getByRole('button', { name: 'Discard and leave' }));
  expect(await screen.findByRole('complementary', { name: '#engineering' })).toBeTruthy();
});

test('closing the editor and another tab ask too', async () => {
  const editor = await editDesignDescription('Mockups and reviews');
  fireEvent.click(within(editor).getByRole('button', { name: 'Close channel editor' }));
  fireEvent.click(within(await question()).getByRole('button', { name: 'Stay' }));
  expect(screen.getByRole('complementary', { name: '#design' })).toBe(editor);

  fireEvent.click(screen.getByRole('tab', { name: 'Folders' }));
  fireEvent.click(within(await question()).getByRole('button', { name: 'Stay' }));
  expect(screen.getByRole('tab', { name: 'Channels' }).getAttribute('aria-selected')).toBe('true');
});

test('after a save, another channel opens without a question', async () => {
  const editor = await editDesignDescription('Mockups and reviews');
  fireEvent.click(row('engineering'));
  fireEvent.click(within(await question()).getByRole('button', { name: 'Stay' }));
  fireEvent.click(within(editor).getByRole('button', { name: 'Save description' }));
  await within(editor).findByText('Description saved.');
  await waitFor(() => expect(useUi.getState().leaveGuard).toBeNull());
  fireEvent.click(row('engineering'));
  expect(await screen.findByRole('complementary', { name: '#engineering' })).toBeTruthy();
  expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
});

test('a permission row with an unsaved edit stays open, with the edit, when another row opens', async () => {
  const editor = await editDesignDescription('');
  fireEvent.click(within(editor).getByRole('button', { name: /^Post messages/ }));
  const post = within(editor).getByRole('region', { name: 'Post messages' });
  fireEvent.click(within(post).getByRole('button', { name: 'Remove Everyone, guests included' }));
  const other = within(editor)
    .getAllByRole('button', { expanded: false })
    .find((button) => button.classList.contains('permission-toggle'));
  fireEvent.click(other as HTMLElement);
  await waitFor(() => expect(within(editor).getAllByRole('button', { expanded: true }).length).toBe(2));
  expect(within(editor).getByRole('region', { name: 'Post messages' })).toBe(post);
  expect(within(post).queryByRole('button', { name: 'Remove Everyone, guests included' })).toBeNull();
});
