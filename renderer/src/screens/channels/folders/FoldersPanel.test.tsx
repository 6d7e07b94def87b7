// Archiving a folder over the fake bridge: only an empty folder can be archived (upstream refuses the
// others, archived channels counting), so a folder holding channels says so before anything is asked, and the count follows the
// channels live, in the row and in an open question alike.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import type { ChannelFolder } from '../../../../../shared/api/folders';
import type { ChannelContext } from '../../../../../shared/ipc';
import { usePushes } from '../../../queries/pushes';
import { olivia } from '../../../testing/demo-samples';
import { installFakeBridge, removeFakeBridge, renderWithQueries } from '../../../testing/fake-bridge';
import { channelEntry, SAMPLE_CONTEXT } from '../testing/channel-samples';
import { FoldersPanel } from './FoldersPanel';

afterEach(() => {
  cleanup();
  removeFakeBridge();
});

const folder = (id: number, name: string): ChannelFolder => ({ id, name, description: '', rendered_description: '', creator_id: 1, date_created: 1_700_000_000, is_archived: false, order: id });
const CONTEXT: ChannelContext = { ...SAMPLE_CONTEXT, featureLevel: 414, folders: [folder(1, 'Teams'), folder(2, 'Projects')], groups: [] };

function Panel() {
  usePushes();
  return <FoldersPanel account={olivia} />;
}

test('a folder holding channels cannot be archived, and says how many and what to do', async () => {
  installFakeBridge({
    'channels.context': () => CONTEXT,
    'channels.list': () => [channelEntry(5, 'design', { folder_id: 1 }), channelEntry(6, 'engineering', { folder_id: 1 })],
  });
  renderWithQueries(<Panel />);
  const teams = await screen.findByRole('listitem', { name: 'Teams' });
  const archive = within(teams).getByRole<HTMLButtonElement>('button', { name: 'Archive…' });
  expect(archive.disabled).toBe(true);
  expect(archive.getAttribute('aria-describedby') && document.getElementById(archive.getAttribute('aria-describedby') as string)?.textContent).toBe(
    'Only an empty folder can be archived, and this one holds 2 channels: move them out of it first (select them on the Channels tab, then “Move to folder…”).',
  );
  expect(within(screen.getByRole('listitem', { name: 'Projects' })).getByRole<HTMLButtonElement>('button', { name: 'Archive…' }).disabled).toBe(false);
});

// upstream refuses a folder holding an archived channel as it refuses one holding any other.
test('a folder holding only an archived channel says so, and cannot be archived until it is moved out', async () => {
  installFakeBridge({
    'channels.context': () => CONTEXT,
    'channels.list': () => [channelEntry(7, 'old', { folder_id: 2, is_archived: true })],
  });
  renderWithQueries(<Panel />);
  const projects = await screen.findByRole('listitem', { name: 'Projects' });
  expect(projects.querySelector('.folder-count')?.textContent).toBe('1 archived channel');
  const archive = within(projects).getByRole<HTMLButtonElement>('button', { name: 'Archive…' });
  expect(archive.disabled).toBe(true);
  expect(document.getElementById(archive.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
    'Only an empty folder can be archived, and this one holds 1 archived channel: move it out of it first (select it on the Channels tab with Status “All”, then “Move to folder…”).',
  );
});

test('the question to archive an empty folder says it holds no channels, archived or not', async () => {
  installFakeBridge({ 'channels.context': () => CONTEXT, 'channels.list': () => [] });
  renderWithQueries(<Panel />);
  fireEvent.click(within(await screen.findByRole('listitem', { name: 'Projects' })).getByRole('button', { name: 'Archive…' }));
  expect(within(screen.getByRole('dialog', { name: 'Archive “Projects”?' })).getByText('It holds no channels, archived or not.')).toBeTruthy();
});

test('a channel moved into the folder while its archiving is asked disables the answer; moved out, it can be archived', async () => {
  let inFolder: number | null = null;
  const entries = () => [channelEntry(5, 'design', { folder_id: inFolder })];
  const bridge = installFakeBridge({
    'channels.context': () => CONTEXT,
    'channels.list': entries,
    'channels.get': entries,
    'folders.update': () => ({}),
  });
  renderWithQueries(<Panel />);
  const projects = await screen.findByRole('listitem', { name: 'Projects' });
  fireEvent.click(within(projects).getByRole('button', { name: 'Archive…' }));
  const ask = screen.getByRole('dialog', { name: 'Archive “Projects”?' });
  const confirm = within(ask).getByRole<HTMLButtonElement>('button', { name: 'Archive folder' });
  expect(confirm.disabled).toBe(false);

  inFolder = 2;
  act(() => bridge.push({ kind: 'realm.changed', account: olivia.id, changes: [{ collection: 'channels', ids: [5] }] }));
  await within(ask).findByText(/this one holds 1 channel: move it out of it first/);
  expect(confirm.disabled).toBe(true);
  expect(within(projects).getByRole<HTMLButtonElement>('button', { name: 'Archive…' }).disabled).toBe(true);
  fireEvent.click(confirm);
  expect(bridge.callsTo('folders.update')).toEqual([]);

  inFolder = null;
  act(() => bridge.push({ kind: 'realm.changed', account: olivia.id, changes: [{ collection: 'channels', ids: [5] }] }));
  await screen.findByRole('dialog', { name: 'Archive “Projects”?' });
  await expect.poll(() => confirm.disabled).toBe(false);
  fireEvent.click(confirm);
  await expect.poll(() => bridge.callsTo('folders.update')).toEqual([{ account: olivia.id, folderId: 2, edit: { archived: true } }]);
});

test('Escape leaves the folder form as Cancel does, and nothing is sent', async () => {
  const bridge = installFakeBridge({ 'channels.context': () => CONTEXT, 'channels.list': () => [] });
  renderWithQueries(<Panel />);
  fireEvent.click(within(await screen.findByRole('listitem', { name: 'Teams' })).getByRole('button', { name: 'Edit' }));
  const name = await screen.findByRole('textbox', { name: 'Folder name' });
  fireEvent.change(name, { target: { value: 'Squads' } });
  fireEvent.keyDown(name, { key: 'Escape' });
  expect(screen.queryByRole('form', { name: 'Edit “Teams”' })).toBeNull();
  expect(screen.queryByRole('textbox', { name: 'Folder name' })).toBeNull();
  expect(bridge.callsTo('folders.update')).toEqual([]);
});
