// spec 10: POST /users/me/status over HTTP against the demo organization: only the passed parts
// change, every error, the deprecated `away`, and the user_status event on a real long-polling client.
// No endpoint shows a status yet (the register snapshot will), so stored statuses are read from the
// database with the snapshot's own function.
import { beforeAll, describe, expect, test } from 'vitest';
import { parseEvent, updateStatus } from '../../shared/api';
import { userStatusSnapshot } from '../db/status-queries';
import { userSettings, type UserRow } from '../db/users';
import { withDb } from '../testing/database-file';
import { registerQueue } from '../testing/event-client';
import type { ApiClient } from '../testing/harness';
import { expectError, expectSuccess } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';

const { server, clients, ids } = demoServerForFile();
let olivia: ApiClient, mona: ApiClient, mark: ApiClient, gina: ApiClient;
let sandboxEmoji: string, oldLogoEmoji: string;
beforeAll(() => {
  ({ olivia, mona, mark, gina } = clients);
  const idOf = (name: string) => withDb(server, (db) => String(db.prepare('SELECT id FROM realm_emoji WHERE name = ?').pluck().get(name)));
  [sandboxEmoji, oldLogoEmoji] = [idOf('sandbox'), idOf('old_logo')];
});

const setStatus = (client: ApiClient, params: Record<string, unknown>) => client.post('/users/me/status', params);
const statusOf = (person: string) => withDb(server, (db) => userStatusSnapshot(db)[String(ids.person[person])] ?? {});
const presenceEnabled = (person: string) =>
  withDb(server, (db) => userSettings(db.prepare('SELECT settings FROM users WHERE id = ?').get(ids.person[person]) as UserRow).presence_enabled);

describe('POST /users/me/status (spec 10)', () => {
  test('sets a status text and emoji, with an empty reply', async () => {
    const response = await setStatus(mark, { status_text: 'In a meeting', emoji_name: 'calendar' });
    expectSuccess(response);
    expect(updateStatus.reply.parse(response.body)).toEqual({ result: 'success', msg: '' });
    expect(statusOf('mark')).toEqual({ status_text: 'In a meeting', emoji_name: 'calendar', emoji_code: '1f4c6', reaction_type: 'unicode_emoji' });
  });

  test('only the passed parameters change', async () => {
    expectSuccess(await setStatus(mona, { status_text: 'Reviewing', emoji_name: 'eyes' }));
    expectSuccess(await setStatus(mona, { status_text: 'Out to lunch' }));
    expect(statusOf('mona')).toMatchObject({ status_text: 'Out to lunch', emoji_name: 'eyes' });
    expectSuccess(await setStatus(mona, { emoji_name: 'pizza' }));
    expect(statusOf('mona')).toMatchObject({ status_text: 'Out to lunch', emoji_name: 'pizza' });
  });

  test('an empty status text clears the text, an empty emoji name clears the emoji', async () => {
    expectSuccess(await setStatus(olivia, { status_text: 'Travelling', emoji_name: 'airplane' }));
    expectSuccess(await setStatus(olivia, { status_text: '' }));
    expect(statusOf('olivia')).toEqual({ emoji_name: 'airplane', emoji_code: '2708', reaction_type: 'unicode_emoji' });
    expectSuccess(await setStatus(olivia, { emoji_name: '' }));
    expect(statusOf('olivia')).toEqual({});
  });

  test('the status text is trimmed, as upstream stores it', async () => {
    expectSuccess(await setStatus(gina, { status_text: '  Heads down  ' }));
    expect(statusOf('gina').status_text).toBe('Heads down');
  });

  test('a custom emoji of the organization and the service emoji can be a status emoji', async () => {
    expectSuccess(await setStatus(mark, { emoji_name: 'sandbox' }));
    expect(statusOf('mark')).toMatchObject({ emoji_name: 'sandbox', emoji_code: sandboxEmoji, reaction_type: 'realm_emoji' });
    expectSuccess(await setStatus(mark, { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'service_extra_emoji' }));
    expect(statusOf('mark')).toMatchObject({ emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'service_extra_emoji' });
  });

  describe('errors (all BAD_REQUEST), leaving the status as it was', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['no new values', {}, 'Client did not pass any new values.'],
      ['a status text over 60 characters', { status_text: 'x'.repeat(61) }, 'status_text is too long (limit: 60 characters)'],
      ['an emoji code without a name', { emoji_code: '1f389' }, 'Client must pass emoji_name if they pass either emoji_code or reaction_type.'],
      ['a reaction type without a name', { status_text: 'hi', reaction_type: 'unicode_emoji' }, 'Client must pass emoji_name if they pass either emoji_code or reaction_type.'],
      ['an emoji that does not exist', { emoji_name: 'no_such_emoji' }, "Emoji 'no_such_emoji' does not exist"],
      ['a name that is not the emoji of the code', { emoji_name: 'heart', emoji_code: '1f389', reaction_type: 'unicode_emoji' }, 'Invalid emoji name.'],
      ['a code that is no emoji', { emoji_name: 'tada', emoji_code: 'ffff', reaction_type: 'unicode_emoji' }, 'Invalid emoji code.'],
      ['an unknown custom emoji', { emoji_name: 'sandbox', emoji_code: '99999', reaction_type: 'realm_emoji' }, 'Invalid custom emoji.'],
      ['an unknown reaction type', { emoji_name: 'tada', reaction_type: 'zulip_extra_emoji' }, 'Invalid reaction_type'],
    ];
    for (const [name, params, msg] of cases) {
      test(name, async () => {
        const before = statusOf('mark');
        // a new status text rides along where it can, and must not be stored either
        const request = Object.keys(params).length === 0 ? params : { status_text: 'unchanged?', ...params };
        expectError(await setStatus(mark, request), 'BAD_REQUEST', msg);
        expect(statusOf('mark')).toEqual(before);
      });
    }

    test('a deactivated custom emoji', async () => {
      expectError(await setStatus(mark, { emoji_name: 'old_logo', emoji_code: oldLogoEmoji, reaction_type: 'realm_emoji' }), 'BAD_REQUEST', 'This custom emoji has been deactivated.');
      expectError(await setStatus(mark, { emoji_name: 'old_logo' }), 'BAD_REQUEST', "Emoji 'old_logo' does not exist");
    });

    test('a status text of exactly 60 characters is fine', async () => {
      expectSuccess(await setStatus(mark, { status_text: 'y'.repeat(60) }));
    });
  });

  test('away (deprecated) turns presence_enabled off and back on', async () => {
    expectSuccess(await setStatus(gina, { away: true }));
    expect(presenceEnabled('gina')).toBe(false);
    expect(statusOf('gina')).toMatchObject({ away: true });
    expectSuccess(await setStatus(gina, { away: false }));
    expect(presenceEnabled('gina')).toBe(true);
    expect(statusOf('gina')).not.toHaveProperty('away');
  });
});

describe('user_status events', () => {
  test('everyone hears the parts that changed', async () => {
    const queue = await registerQueue(olivia, { event_types: ['user_status'] });
    expectSuccess(await setStatus(mark, { status_text: 'Focus time', emoji_name: 'tada' }));
    expectSuccess(await setStatus(mark, { status_text: 'Back' }));
    const events = await queue.drain();
    for (const event of events) expect(parseEvent(event)).toMatchObject({ success: true, data: { kind: 'known' } });
    expect(events).toEqual([
      { id: expect.any(Number), type: 'user_status', user_id: ids.person.mark, status_text: 'Focus time', emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji' },
      { id: expect.any(Number), type: 'user_status', user_id: ids.person.mark, status_text: 'Back' },
    ]);
  });

  test('away is in the event, and the user hears the presence_enabled change as a settings change', async () => {
    const others = await registerQueue(olivia, { event_types: ['user_status'] });
    const own = await registerQueue(mona, { event_types: ['user_settings'], client_capabilities: { user_settings_object: true } });
    expectSuccess(await setStatus(mona, { away: true }));
    expect(await others.drain()).toEqual([{ id: expect.any(Number), type: 'user_status', user_id: ids.person.mona, away: true }]);
    expect(await own.drain()).toEqual([{ id: expect.any(Number), type: 'user_settings', op: 'update', property: 'presence_enabled', value: false }]);
    expectSuccess(await setStatus(mona, { away: false }));
  });
});
