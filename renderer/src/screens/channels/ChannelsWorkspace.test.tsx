// The channel editor beside a list that no longer shows its channel: it stays open on the channel the
// administrator was working on (as the Users screen keeps its user), says the list hides it, and
// shows it there on request, relaxing only the filter that hid it.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { olivia } from '../../testing/demo-samples';
import { installFakeBridge, removeFakeBridge, renderWithQueries } from '../../testing/fake-bridge';
import { giveListsASize } from '../../testing/list-size';
import { ChannelsWorkspace } from './ChannelsWorkspace';
import { useChannelsUi } from './channels-ui';
import { channelEntry, SAMPLE_CONTEXT, SAMPLE_USERS } from './testing/channel-samples';

giveListsASize('channels-table');

beforeEach(() => {
  installFakeBridge({
    'channels.context': () => SAMPLE_CONTEXT,
    'channels.list': () => [channelEntry(5, 'design'), channelEntry(7, 'old-projects', { is_archived: true })],
    'realm.users.list': () => SAMPLE_USERS,
    'activity.list': () => [],
  });
  useChannelsUi.getState().forAccount(`reset-${String(Math.random())}`);
});

afterEach(() => {
  cleanup();
  removeFakeBridge();
});

const statusOption = (name: string) => within(screen.getByRole('group', { name: 'Status' })).getByRole<HTMLInputElement>('radio', { name: new RegExp(`^${name}\\s*\\d+$`) });
/** The channel's name in the list, or null while the list does not show it. */
const listed = (name: string) => within(screen.getByRole('grid', { name: 'Channels' })).queryByText(`#${name}`, { exact: false });

test('an archived channel filtered out of the list stays in the editor, which says so and shows it again', async () => {
  renderWithQueries(<ChannelsWorkspace account={olivia} />);
  await screen.findByRole('grid', { name: 'Channels' });
  fireEvent.click(statusOption('All'));
  await waitFor(() => expect(listed('old-projects')).not.toBeNull());
  fireEvent.click(listed('old-projects') as HTMLElement);
  const editor = await screen.findByRole('complementary', { name: '#old-projects' });
  expect(within(editor).queryByText(/not shown by the list’s search and filters/)).toBeNull();

  fireEvent.click(statusOption('Active'));
  await within(editor).findByText('#old-projects is not shown by the list’s search and filters. You can go on changing it here, or close the editor.');
  expect(listed('old-projects')).toBeNull();

  fireEvent.click(within(editor).getByRole('button', { name: 'Show it in the list' }));
  expect(statusOption('All').checked).toBe(true);
  await waitFor(() => expect(listed('old-projects')).not.toBeNull());
  expect(within(editor).queryByText(/not shown by the list’s search and filters/)).toBeNull();
  expect(screen.getByRole('complementary', { name: '#old-projects' })).toBe(editor);
});

test('selected channels the filters hide are still counted, and the list says how many it does not show (a bulk action takes them too)', async () => {
  renderWithQueries(<ChannelsWorkspace account={olivia} />);
  await screen.findByRole('grid', { name: 'Channels' });
  fireEvent.click(statusOption('All'));
  await waitFor(() => expect(listed('old-projects')).not.toBeNull());
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
  expect(screen.getByText('2 selected')).toBeTruthy();
  expect(screen.queryByText(/not shown by the search and filters/)).toBeNull();
  fireEvent.click(statusOption('Active'));
  await waitFor(() => expect(listed('old-projects')).toBeNull());
  expect(screen.getByText(/^2 selected/).textContent).toBe('2 selected (1 not shown by the search and filters)');
});
