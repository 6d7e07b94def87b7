import { expect, test } from 'vitest';
import { parseConsoleEvent } from './console-events';

test('kinds shared/api knows are checked by its schemas', () => {
  const parsed = parseConsoleEvent({ id: 1, type: 'realm_user', op: 'update', person: { user_id: 5, role: 200 } });
  expect(parsed).toMatchObject({ success: true, kind: 'known' });
  const broken = parseConsoleEvent({ id: 2, type: 'realm_user', op: 'update', person: { user_id: 5, role: 250 } });
  expect(broken.success).toBe(false);
  if (!broken.success) expect(broken.error.issues[0]?.path).toEqual(['person', 'role']);
});

test('realm and default_streams events are read here until shared/api has them', () => {
  expect(parseConsoleEvent({ id: 1, type: 'realm', op: 'update', property: 'name', value: 'X' })).toMatchObject({ success: true, kind: 'known' });
  expect(parseConsoleEvent({ id: 2, type: 'realm', op: 'update_dict', property: 'default', data: { name: 'X' } })).toMatchObject({ success: true, kind: 'known' });
  expect(parseConsoleEvent({ id: 3, type: 'default_streams', default_streams: [1, 2] })).toMatchObject({ success: true, kind: 'known' });
  expect(parseConsoleEvent({ id: 4, type: 'default_streams', default_streams: 'general' }).success).toBe(false);
});

test('a kind nobody knows passes as it came', () => {
  expect(parseConsoleEvent({ id: 1, type: 'reaction', op: 'add' })).toMatchObject({ success: true, kind: 'unknown', event: { type: 'reaction' } });
});

test('an event without an id or type is malformed', () => {
  expect(parseConsoleEvent({ type: 'heartbeat' }).success).toBe(false);
  expect(parseConsoleEvent('heartbeat').success).toBe(false);
});
