// The Default settings screen over a fake bridge that serves defaults as the core would: the form in
// words, the search, edits reviewed and saved as one call, live changes and conflicts, an older
// server's ignored settings, read-only roles and a bad import file.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { USUAL_USER_SETTING_DEFAULTS } from '../../../../shared/api';
import { buildDefaultsFile } from '../../../../shared/domain/defaults-file';
import type { ChannelInput, DefaultsView } from '../../../../shared/ipc';
import { App } from '../../app/App';
import { useUi } from '../../stores/ui';
import { installFakeBridge, removeFakeBridge, renderWithQueries, type FakeBridge } from '../../testing/fake-bridge';
import { olivia } from '../../testing/demo-samples';
import { answerActivityQuery } from '../../activity/testing/fake-activity';
import { useDefaultsUi } from './defaults-ui';

const ACTIVITY = [
  { at: Date.UTC(2025, 4, 2, 10), actor: 'Olivia Owner', action: 'Changed default settings', target: 'Sandbox Realm', details: 'Color scheme: Automatic → Dark', result: 'ok' as const, error: null, kind: 'defaults' as const },
  { at: Date.UTC(2025, 4, 1, 9), actor: 'Olivia Owner', action: 'Sent invitations', target: 'Spring campaign', details: '3 addresses', result: 'ok' as const, error: null, kind: 'invitation' as const },
];

let values: Record<string, boolean | number | string>;
let view: () => DefaultsView;
let bridge: FakeBridge;

function open(overrides: Partial<DefaultsView> = {}, saveReply?: (input: ChannelInput<'defaults.save'>) => unknown) {
  values = { ...USUAL_USER_SETTING_DEFAULTS };
  view = () => ({ account: olivia.id, realmName: 'Sandbox Realm', realmUrl: olivia.realmUrl, featureLevel: 421, values: { ...values }, availableSounds: ['chime', 'ding', 'zulip'], ownRole: 100, canEdit: true, readOnlyReason: null, ...overrides });
  bridge = installFakeBridge({
    'accounts.list': () => [olivia],
    'session.status': () => ({ state: 'live', detail: null, retryAt: null, lastLiveAt: null }),
    'defaults.get': () => view(),
    'defaults.save': (input) => {
      if (saveReply) return saveReply(input) as never;
      const saved = Object.entries(input.changes).map(([name, to]) => ({ name, from: values[name] ?? null, to: to as boolean | number | string }));
      Object.assign(values, input.changes);
      return { saved, ignored: [], view: view() };
    },
    'activity.list': () => [],
    'activity.query': answerActivityQuery(ACTIVITY),
  });
  useUi.setState({ selectedAccount: null, connectOpen: false, screen: 'defaults' });
  useDefaultsUi.setState({ account: null });
  renderWithQueries(<App />);
}

/** The server changes a default, and the core pushes it. */
function serverChanges(name: string, value: boolean | number | string) {
  values[name] = value;
  act(() => bridge.push({ kind: 'realm.changed', account: olivia.id, changes: [{ collection: 'defaults', ids: [] }] }));
}

beforeEach(() => useDefaultsUi.setState({ account: null }));
afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
  removeFakeBridge();
});

describe('the form', () => {
  test('every setting by its label, values in words, and who the defaults apply to', async () => {
    open();
    const scheme = await screen.findByRole('combobox', { name: 'Color scheme' });
    expect(within(scheme).getByRole('option', { name: 'Automatic', selected: true })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Enter sends the message' })).toHaveProperty('checked', false);
    expect(screen.getByRole('spinbutton', { name: 'Font size' })).toHaveProperty('value', '16');
    expect(screen.getByText(/members who/).textContent).toBe('These are the settings members who join Sandbox Realm later start with. Changing them does not change the settings of existing members.');
    expect(screen.getByText('56 settings')).toBeTruthy();
  });

  test('the search filters by label, description or API name, counts matches and names the sections with none', async () => {
    open();
    const search = await screen.findByRole('searchbox', { name: 'Find a setting' });
    fireEvent.change(search, { target: { value: 'typing' } });
    await screen.findByText('3 of 56 settings match');
    expect(screen.getByText('No setting in Display, Navigation, Composing, Topics and Notifications matches “typing”.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Color scheme' })).toBeNull();
    expect(screen.getByRole('switch', { name: 'Send typing notifications in DMs' })).toBeTruthy();

    fireEvent.change(search, { target: { value: 'qwerty' } });
    await screen.findByText('0 of 56 settings match');
    expect(screen.getByText('No setting matches “qwerty”.')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  });

  test('a section reset while the search hides some of its settings resets only the shown ones, and says which', async () => {
    open();
    await screen.findByRole('combobox', { name: 'Color scheme' });
    serverChanges('enable_desktop_notifications', false);
    serverChanges('enable_sounds', false);
    serverChanges('enable_stream_audible_notifications', true);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'DMs and mentions: sound' })).toHaveProperty('checked', false));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find a setting' }), { target: { value: 'sound' } });
    await waitFor(() => expect(screen.queryByRole('switch', { name: 'DMs and mentions: desktop notifications' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Reset shown settings to usual defaults (Notifications)' }));
    const said = screen.getByText(/back at the usual default in the form/);
    expect(said.textContent).toBe(
      'Of the Notifications settings shown, “DMs and mentions: sound” and “Channels: sound” are back at the usual default in the form. Nothing is sent until you review and save the 2 changes below.',
    );
    expect(document.activeElement).toBe(said);
    expect(screen.getByText('The settings shown have their usual defaults.')).toBeTruthy();
    expect(screen.getByText('2 unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Review changes…' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save 2 changes' }));
    await screen.findByText('Saved 2 changes to the default settings of Sandbox Realm.');
    // The hidden one was left as the server had it.
    expect(bridge.callsTo('defaults.save')).toEqual([expect.objectContaining({ changes: { enable_sounds: true, enable_stream_audible_notifications: false } })]);
  });
});

describe('edit, review, save', () => {
  test('edits stay local; the review lists them old → new; one save sends only the changed settings', async () => {
    open();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Color scheme' }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Enter sends the message' }));
    expect(bridge.callsTo('defaults.save')).toEqual([]);
    expect(screen.getByText('Unsaved: was Automatic')).toBeTruthy();
    expect(screen.getByText('Usual default: Automatic')).toBeTruthy();

    fireEvent.click(within(screen.getByRole('region', { name: 'Unsaved changes' })).getByRole('button', { name: 'Review changes…' }));
    const review = screen.getByRole('dialog', { name: 'Review changes to the default settings of Sandbox Realm' });
    expect(within(review).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Color scheme: Automatic → Dark', 'Enter sends the message: Off → On']);
    fireEvent.click(within(review).getByRole('button', { name: 'Save 2 changes' }));

    await screen.findByText('Saved 2 changes to the default settings of Sandbox Realm.');
    // Its Dismiss says what it puts away: another notice's Dismiss may show beside it.
    expect(screen.getByRole('button', { name: "Dismiss the save's report" }).textContent).toBe('Dismiss');
    expect(bridge.callsTo('defaults.save')).toEqual([{ account: olivia.id, changes: { color_scheme: 2, enter_sends: true }, expected: { color_scheme: 1, enter_sends: false }, source: { kind: 'edit' } }]);
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Color scheme' })).toHaveProperty('value', '2');
  });

  test('a failed save keeps every edit and shows the server’s words', async () => {
    open({}, () => ({ error: { code: 'BAD_REQUEST', msg: "Could not save the default settings of Sandbox Realm: Invalid notification sound 'klaxon'. Pick one of the sounds this server offers." } }));
    fireEvent.change(await screen.findByRole('combobox', { name: 'Color scheme' }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review changes…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save 1 change' }));
    const alert = await within(screen.getByRole('dialog')).findByRole('alert');
    expect(alert.textContent).toContain("Invalid notification sound 'klaxon'.");
    expect(alert.textContent).toContain('Your edits are kept: correct the value named, then save again.');
    fireEvent.click(screen.getByRole('button', { name: 'Back to editing' }));
    expect(screen.getByRole('combobox', { name: 'Color scheme' })).toHaveProperty('value', '3');
    expect(screen.getByText('1 unsaved change')).toBeTruthy();
  });

  test('a value not allowed, with nothing else changed: the bar says there is nothing to save yet, and why', async () => {
    open();
    fireEvent.change(await screen.findByRole('spinbutton', { name: 'Font size' }), { target: { value: '999' } });
    const bar = screen.getByRole('region', { name: 'Unsaved changes' });
    expect(bar.querySelector('p')?.textContent).toBe('Nothing to save yet · one value is not allowed: correct it to review');
    expect(within(bar).getByRole('button', { name: 'Review changes…' })).toHaveProperty('disabled', true);
  });

  test('a save that could not reach the server says to save again, not to correct anything', async () => {
    open({}, () => ({ error: { code: 'NETWORK_ERROR', msg: 'Could not reach sandbox.example: the connection was refused.', detail: {} } }));
    fireEvent.change(await screen.findByRole('combobox', { name: 'Color scheme' }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review changes…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save 1 change' }));
    const alert = await within(screen.getByRole('dialog')).findByRole('alert');
    expect(alert.textContent).toContain('Your edits are kept: save again in a moment.');
    expect(alert.textContent).not.toContain('correct');
  });

  test('an older server ignores a setting: named, marked on the form, never reported as saved', async () => {
    open({}, () => ({ saved: [{ name: 'color_scheme', from: 1, to: 2 }], ignored: [{ name: 'hide_ai_features', value: true }], view: { ...view(), values: { ...values, color_scheme: 2 } } }));
    fireEvent.change(await screen.findByRole('combobox', { name: 'Color scheme' }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Hide AI features' }));
    fireEvent.click(screen.getByRole('button', { name: 'Review changes…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save 2 changes' }));
    const status = await screen.findByText(/This server does not support one setting/);
    expect(status.textContent).toBe('This server does not support one setting, so it was not saved: Hide AI features. It is marked below.');
    expect(screen.getByText('Saved 1 change to the default settings of Sandbox Realm.')).toBeTruthy();
    expect(screen.getByText('Not saved: this server ignored it when you saved On, as it does not support this setting.')).toBeTruthy();
  });

  test('discarding asks first, and puts the server’s values back', async () => {
    open();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Color scheme' }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes…' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Discard 1 unsaved change?' })).getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByRole('combobox', { name: 'Color scheme' })).toHaveProperty('value', '1');
  });
});

/** Picks a default-settings file from another realm, with these values, through Import…'s file input. */
function importFile(name: string, settings: Record<string, boolean | number | string>) {
  const file = buildDefaultsFile({ realmName: 'Other Org', realmUrl: 'https://other.example.com', featureLevel: 421, values: settings, exportedAt: new Date('2025-03-01T14:05:09Z') });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([JSON.stringify(file)], name, { type: 'application/json' })] } });
}

const importNotice = () => screen.queryByText(/^Imported other\.json, exported from Other Org/);

test('Reset all says what it did and takes the focus there (its button disables itself); edits that end where the server is say there is nothing to save', async () => {
  open();
  fireEvent.change(await screen.findByRole('combobox', { name: 'Color scheme' }), { target: { value: '2' } });
  const reset = screen.getByRole('button', { name: 'Reset all to usual defaults' });
  reset.focus();
  fireEvent.click(reset);
  const note = screen.getByText(/back at the usual default in the form/);
  expect(note.textContent).toBe('1 setting is back at the usual default in the form. That is what Sandbox Realm has saved: there is nothing to save.');
  expect(document.activeElement).toBe(note);
  // The disabled button's label says why it is disabled.
  expect(screen.getByRole('button', { name: 'All at usual defaults' })).toHaveProperty('disabled', true);
  expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();
  // The next edit ends what the note says.
  fireEvent.change(screen.getByRole('combobox', { name: 'Color scheme' }), { target: { value: '3' } });
  expect(screen.queryByText(/back at the usual default in the form/)).toBeNull();
});

describe('an imported file', () => {
  test('Reset all after an import takes the import’s notice away, and the save that follows is not credited to the file', async () => {
    open();
    await screen.findByRole('combobox', { name: 'Color scheme' });
    // A default the organization has changed: Reset all puts it back, an edit of the reset's own.
    serverChanges('enter_sends', true);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Enter sends the message' })).toHaveProperty('checked', true));
    importFile('other.json', { color_scheme: 3, emojiset: 'text' });
    await waitFor(() => expect(importNotice()?.textContent).toContain('2 settings differ and are now unsaved edits. Review and save them to apply.'));

    fireEvent.click(screen.getByRole('button', { name: 'Reset all to usual defaults' }));
    expect(importNotice()).toBeNull();
    expect(screen.getByText('1 unsaved change')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Review changes…' }));
    const review = screen.getByRole('dialog');
    expect(review.textContent).not.toContain('other.json');
    fireEvent.click(within(review).getByRole('button', { name: 'Save 1 change' }));
    await screen.findByText('Saved 1 change to the default settings of Sandbox Realm.');
    expect(bridge.callsTo('defaults.save')).toEqual([{ account: olivia.id, changes: { enter_sends: false }, expected: { enter_sends: true }, source: { kind: 'edit' } }]);
  });

  test('edits after an import: the notice counts only what the file changed, and says when one of its values was changed since', async () => {
    open();
    await screen.findByRole('combobox', { name: 'Color scheme' });
    importFile('other.json', { color_scheme: 3, emojiset: 'text' });
    await waitFor(() => expect(importNotice()?.textContent).toContain('2 settings differ and are now unsaved edits.'));

    // Another setting: the file's edits are as it made them.
    fireEvent.click(screen.getByRole('switch', { name: 'Enter sends the message' }));
    expect(importNotice()?.textContent).toContain('2 settings differ and are now unsaved edits.');
    expect(screen.getByText('3 unsaved changes')).toBeTruthy();

    // One of the file's settings: it is not the file's value any more.
    fireEvent.change(screen.getByRole('combobox', { name: 'Color scheme' }), { target: { value: '2' } });
    expect(importNotice()?.textContent).toContain('2 settings differed and became unsaved edits; 1 of them still has the file’s value. Review and save to apply.');

    fireEvent.change(screen.getByRole('combobox', { name: 'Emoji set' }), { target: { value: 'google' } });
    expect(importNotice()).toBeNull();
  });
});

test('Export says on the screen which file it saved, how many settings are in it, and that unsaved edits are not', async () => {
  // The download itself is the browser's (defaults-file-io.test.ts reads the file).
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:saved');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  open();
  fireEvent.change(await screen.findByRole('combobox', { name: 'Color scheme' }), { target: { value: '2' } });
  fireEvent.click(screen.getByRole('button', { name: 'Export' }));
  const note = screen.getByText(/^Saved 56 default settings of Sandbox Realm as default-settings-sandbox-realm-\d{4}-\d\d-\d\d\.json/);
  expect(note.getAttribute('role')).toBe('status');
  expect(note.textContent).toMatch(/\.json \(the saved values, without your 1 unsaved change\)\.$/);
});

describe('another administrator changes a default meanwhile', () => {
  test('an untouched setting updates live; an edited one keeps my value, says what the server has, and lets me choose', async () => {
    open();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Color scheme' }), { target: { value: '2' } });
    serverChanges('emojiset', 'text');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Emoji set' })).toHaveProperty('value', 'text'));

    serverChanges('color_scheme', 3);
    await screen.findByText((_text, element) => element?.textContent === 'Changed on the server to Light meanwhile. Your value, Dark, is not sent.');
    expect(screen.getByRole('combobox', { name: 'Color scheme' })).toHaveProperty('value', '2');
    expect(screen.getByText('1 unsaved change')).toBeTruthy();
    expect(screen.getByText(/1 changed on the server meanwhile/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Review changes…' }));
    const review = screen.getByRole('dialog');
    expect(within(review).getByRole('heading', { name: 'Changed on the server meanwhile (1)' })).toBeTruthy();
    expect(within(review).getByRole('button', { name: 'Save 1 change' })).toHaveProperty('disabled', true);
    fireEvent.click(within(review).getByRole('button', { name: 'Keep my value (Color scheme)' }));
    fireEvent.click(within(review).getByRole('button', { name: 'Save 1 change' }));
    await screen.findByText('Saved 1 change to the default settings of Sandbox Realm.');
    expect(bridge.callsTo('defaults.save')[0]).toMatchObject({ changes: { color_scheme: 2 }, expected: { color_scheme: 3 } });
  });

  test('an edit the server comes to match meanwhile says so, and no longer counts as unsaved', async () => {
    open();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Color scheme' }), { target: { value: '2' } });
    expect(screen.getByText('1 unsaved change')).toBeTruthy();
    serverChanges('color_scheme', 2);
    expect(await screen.findByText('Saved meanwhile elsewhere: nothing to save')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Color scheme' })).toHaveProperty('value', '2');
    // Nor does leaving ask about it.
    fireEvent.click(screen.getByRole('button', { name: 'Users & roles' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Users & roles'));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  });

  test('take theirs drops my edit', async () => {
    open();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Color scheme' }), { target: { value: '2' } });
    serverChanges('color_scheme', 3);
    fireEvent.click(await screen.findByRole('button', { name: 'Take theirs (Color scheme)' }));
    expect(screen.getByRole('combobox', { name: 'Color scheme' })).toHaveProperty('value', '3');
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();
  });
});

test('a moderator sees the values read-only, with the reason', async () => {
  const reason = 'You are a moderator in Sandbox Realm: only organization administrators and owners can change default settings. You can see them here; to change them, ask an administrator, or sign in as one.';
  open({ ownRole: 300, canEdit: false, readOnlyReason: reason });
  expect(await screen.findByText(reason)).toBeTruthy();
  expect(screen.getByRole('combobox', { name: 'Color scheme' })).toHaveProperty('disabled', true);
  expect(screen.queryByRole('button', { name: 'Import…' })).toBeNull();
  expect(screen.queryByRole('button', { name: /Reset section/ })).toBeNull();
});

test('rights taken away while editing: the form shows the server, no "changed meanwhile" buttons, and says the edits are kept; given back, they return', async () => {
  open();
  fireEvent.change(await screen.findByRole('combobox', { name: 'Color scheme' }), { target: { value: '2' } });
  fireEvent.click(screen.getByRole('switch', { name: 'Enter sends the message' }));
  serverChanges('color_scheme', 3);
  expect(await screen.findByRole('button', { name: 'Take theirs (Color scheme)' })).toBeTruthy();

  const reason = 'You are a member in Sandbox Realm: only organization administrators and owners can change default settings.';
  const readOnly = view;
  view = () => ({ ...readOnly(), ownRole: 400, canEdit: false, readOnlyReason: reason });
  act(() => bridge.push({ kind: 'realm.changed', account: olivia.id, changes: [{ collection: 'defaults', ids: [] }] }));
  expect(await screen.findByText('Your 2 unsaved changes are kept, but not shown or sent: the form shows the values Sandbox Realm has. They come back to the form if you may change the default settings again.')).toBeTruthy();
  expect(screen.getByRole('combobox', { name: 'Color scheme' })).toHaveProperty('value', '3');
  expect(screen.queryByRole('button', { name: /^Take theirs/ })).toBeNull();
  expect(screen.queryByRole('button', { name: /^Keep my value/ })).toBeNull();

  view = () => ({ ...readOnly(), canEdit: true, readOnlyReason: null });
  act(() => bridge.push({ kind: 'realm.changed', account: olivia.id, changes: [{ collection: 'defaults', ids: [] }] }));
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Color scheme' })).toHaveProperty('value', '2'));
  expect(screen.getByRole('button', { name: 'Take theirs (Color scheme)' })).toBeTruthy();
});

test('a setting the server does not report is marked and cannot be changed', async () => {
  open({ featureLevel: 300 });
  delete values.hide_ai_features;
  act(() => bridge.push({ kind: 'realm.resynced', account: olivia.id }));
  await screen.findByText('This server does not report this setting, so it cannot be changed here: upstream added it at feature level 350, and this server is at 300.');
  expect(screen.getByRole('switch', { name: 'Hide AI features' })).toHaveProperty('disabled', true);
});

test('leaving with unsaved edits asks first: stay keeps them, leave drops them', async () => {
  open();
  fireEvent.change(await screen.findByRole('combobox', { name: 'Color scheme' }), { target: { value: '2' } });
  const nav = screen.getByRole('navigation', { name: 'Screens' });
  fireEvent.click(within(nav).getByRole('button', { name: 'Channels & folders' }));
  const ask = screen.getByRole('dialog', { name: 'Leave without saving?' });
  expect(within(ask).getByText('You have an unsaved change to the default settings of Sandbox Realm.')).toBeTruthy();
  expect(ask.textContent).toContain('If you leave now, 1 unsaved change is lost. Stay to save it first.');
  fireEvent.click(within(ask).getByRole('button', { name: 'Stay' }));
  expect(screen.getByRole('combobox', { name: 'Color scheme' })).toHaveProperty('value', '2');

  fireEvent.click(within(nav).getByRole('button', { name: 'Channels & folders' }));
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Discard and leave' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Channels & folders' })).toBeTruthy();
  fireEvent.click(within(nav).getByRole('button', { name: 'Default settings' }));
  expect(await screen.findByRole('combobox', { name: 'Color scheme' })).toHaveProperty('value', '1');
  expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();
  expect(bridge.callsTo('defaults.save')).toEqual([]);
});

test('the Activity log tab opens on the default settings’ changes; "Kind of change" shows the others', async () => {
  open();
  fireEvent.click(await screen.findByRole('tab', { name: 'Activity log' }));
  expect(await screen.findByText('1 of 2 changes match.')).toBeTruthy();
  const kind = screen.getByRole('combobox', { name: 'Kind of change' }) as HTMLSelectElement;
  expect(kind.value).toBe('defaults');
  expect(bridge.callsTo('activity.query').at(-1)).toMatchObject({ filters: { kinds: ['defaults'] } });
  fireEvent.change(kind, { target: { value: '' } });
  await waitFor(() => expect(screen.queryByText('1 of 2 changes match.')).toBeNull());
  expect((bridge.callsTo('activity.query').at(-1) as { filters: { kinds?: string[] } }).filters.kinds).toBeUndefined();
});
