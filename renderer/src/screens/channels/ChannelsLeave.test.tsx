// An unsaved edit in the channel editor is not dropped unasked: opening another channel, closing the
// editor or switching the screen's tab asks "Leave without saving?" (the shell's question), Stay keeps
// the edit; after a save nothing asks; a permission row with an edit stays open when another opens, and
// keeps it closed with its own toggle; Escape closes as Close does; the new channel form asks the same.
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

test('a permission row closed with its own toggle keeps the edit, says so, and leaving still asks', async () => {
  const editor = await editDesignDescription('');
  const toggle = within(editor).getByRole('button', { name: /^Post messages/ });
  fireEvent.click(toggle);
  const post = within(editor).getByRole('region', { name: 'Post messages' });
  fireEvent.click(within(post).getByRole('button', { name: 'Remove Everyone, guests included' }));
  fireEvent.click(toggle);
  await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'));
  expect(toggle.textContent).toContain('unsaved edit');
  // The description emptied and the permission's edit: both are counted.
  fireEvent.click(within(editor).getByRole('button', { name: 'Close channel editor' }));
  expect((await question()).textContent).toContain('You have 2 unsaved changes to #design.');
  fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
  fireEvent.click(toggle);
  expect(within(editor).getByRole('region', { name: 'Post messages' })).toBe(post);
  expect(within(post).queryByRole('button', { name: 'Remove Everyone, guests included' })).toBeNull();
  expect(toggle.textContent).not.toContain('unsaved edit');
});

test('Escape closes the editor, asking first with an edit; in a text box holding text it is the box’s own', async () => {
  const editor = await editDesignDescription('Mockups and reviews');
  const description = within(editor).getByRole('textbox', { name: 'Description (Markdown)' });
  fireEvent.keyDown(description, { key: 'Escape' });
  expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  expect(screen.getByRole('complementary', { name: '#design' })).toBe(editor);

  fireEvent.keyDown(within(editor).getByRole('button', { name: 'Close channel editor' }), { key: 'Escape' });
  fireEvent.click(within(await question()).getByRole('button', { name: 'Discard and leave' }));
  await waitFor(() => expect(screen.queryByRole('complementary', { name: '#design' })).toBeNull());

  fireEvent.click(row('engineering'));
  const engineering = await screen.findByRole('complementary', { name: '#engineering' });
  fireEvent.keyDown(engineering, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('complementary', { name: '#engineering' })).toBeNull());
  expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
});

test('the new channel form asks before its Cancel, Close or Escape drops a typed name', async () => {
  renderWithQueries(
    <>
      <ChannelsScreen account={olivia} />
      <LeaveConfirm />
    </>,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Create a channel…' }));
  const form = await screen.findByRole('complementary', { name: 'New channel' });
  fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: 'launch-plans' } });
  for (const leave of [
    () => fireEvent.click(within(form).getByRole('button', { name: 'Cancel' })),
    () => fireEvent.click(within(form).getByRole('button', { name: 'Close the new channel form' })),
    () => fireEvent.keyDown(within(form).getByRole('button', { name: 'Cancel' }), { key: 'Escape' }),
  ]) {
    leave();
    const asked = await question();
    expect(asked.textContent).toContain('The channel you were creating is not created yet.');
    fireEvent.click(within(asked).getByRole('button', { name: 'Stay' }));
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('launch-plans');
  }
  fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
  fireEvent.click(within(await question()).getByRole('button', { name: 'Discard and leave' }));
  await waitFor(() => expect(screen.queryByRole('complementary', { name: 'New channel' })).toBeNull());
});
