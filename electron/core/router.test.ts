import { describe, expect, test, vi } from 'vitest';
import { contract } from '../../shared/ipc';
import { createRouter, FULL_CHECK_LIMIT, type Handlers, type Sender } from './router';
import type { User } from '../../shared/api/users';
import { handlers, type CoreContext } from './handlers';
import { ConsoleError } from './errors';
import { describeRuntime } from './runtime-info';

const window: Sender = { origin: 'app://console/index.html', trusted: true };
// Only app.info runs in these tests; the accounts and sessions it would need are never touched.
const ctx = { appInfo: describeRuntime('realm-console', '1.2.3', process.platform, process.versions) } as CoreContext;

function routerWith(overrides: Partial<Handlers<CoreContext>> = {}, onInternalError = vi.fn()) {
  return createRouter(contract, { ...handlers, ...overrides }, ctx, { onInternalError });
}

describe('contract router', () => {
  test('app.info tells the version, the platform and the runtime', async () => {
    const result = await routerWith().handle('app.info', {}, window);
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'realm-console',
        version: '1.2.3',
        platform: process.platform,
        runtime: { kind: 'node', node: process.versions.node, electron: null, chrome: null },
      },
    });
  });

  test('a call from an untrusted sender is refused before the handler runs', async () => {
    const info = vi.fn(() => ctx.appInfo);
    const result = await routerWith({ 'app.info': info }).handle('app.info', {}, { origin: 'https://evil.example', trusted: false });
    expect(result).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    expect(info).not.toHaveBeenCalled();
  });

  test('a channel outside the contract is an UNKNOWN_CHANNEL error', async () => {
    const result = await routerWith().handle('accounts.dumpKeys', {}, window);
    expect(result).toEqual({
      ok: false,
      error: { code: 'UNKNOWN_CHANNEL', msg: 'There is no console channel named "accounts.dumpKeys".' },
    });
  });

  test('a channel name that is not a string is refused in words', async () => {
    const result = await routerWith().handle({ toString: 'x' }, {}, window);
    expect(result).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL', msg: expect.stringContaining('not a name') } });
  });

  test('input that breaks the channel schema is INVALID_INPUT, naming the offending field', async () => {
    const result = await routerWith().handle('app.info', { verbose: true }, window);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('INVALID_INPUT');
    expect(result.error.msg).toContain('app.info');
    expect(result.error.msg).toContain('verbose');
  });

  test('a ConsoleError keeps its code and extra fields, as a server error would', async () => {
    const failing = () => {
      throw new ConsoleError('INVITATION_FAILED', 'Some addresses were skipped.', {
        errors: [['a@b.test', 'Already has an account.', false]],
        sent_invitations: true,
      });
    };
    const result = await routerWith({ 'app.info': failing }).handle('app.info', {}, window);
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'INVITATION_FAILED',
        msg: 'Some addresses were skipped.',
        errors: [['a@b.test', 'Already has an account.', false]],
        sent_invitations: true,
      },
    });
  });

  test('an unexpected exception becomes an INTERNAL error and is reported', async () => {
    const onInternalError = vi.fn();
    const crash = () => {
      throw new TypeError('cannot read properties of undefined');
    };
    const result = await routerWith({ 'app.info': crash }, onInternalError).handle('app.info', {}, window);
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL', msg: expect.stringContaining('cannot read properties') } });
    expect(onInternalError).toHaveBeenCalledOnce();
  });

  test('a handler reply that breaks the contract never reaches the renderer', async () => {
    const wrong = () => ({ name: 'realm-console' }) as unknown as CoreContext['appInfo'];
    const result = await routerWith({ 'app.info': wrong }).handle('app.info', {}, window);
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL', msg: expect.stringContaining('breaks its own contract') } });
  });

  describe('a long list in a reply', () => {
    const person = (id: number): User => ({
      user_id: id,
      email: `user${id}@example.test`,
      delivery_email: null,
      full_name: `User ${id}`,
      date_joined: '2024-01-01T00:00:00Z',
      is_active: true,
      is_owner: false,
      is_admin: false,
      is_guest: false,
      is_bot: false,
      role: 400,
      timezone: '',
    });
    const listOf = (length: number) => Array.from({ length }, (_, index) => person(index + 1));
    const serving = (users: User[]) => routerWith({ 'realm.users.list': () => users }).handle('realm.users.list', { account: 'a1' }, window);

    test('is passed on as built when it keeps the contract, not copied by a whole check', async () => {
      const users = listOf(FULL_CHECK_LIMIT * 5);
      const result = await serving(users);
      expect(result).toEqual({ ok: true, value: users });
      expect(result.ok && result.value).toBe(users);
    });

    test('built the wrong way is still refused', async () => {
      const users = listOf(FULL_CHECK_LIMIT * 5).map((user) => ({ ...user, role: 'member' }) as unknown as User);
      expect(await serving(users)).toMatchObject({ ok: false, error: { code: 'INTERNAL', msg: expect.stringContaining('breaks its own contract') } });
    });

    test('with a wrong last element is refused, naming where', async () => {
      const users = listOf(FULL_CHECK_LIMIT * 5);
      users[users.length - 1] = { ...person(0), full_name: 7 } as unknown as User;
      const result = await serving(users);
      expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL', msg: expect.stringContaining(`${users.length - 1}.full_name`) } });
    });

    test('up to the limit is checked whole', async () => {
      const users = listOf(FULL_CHECK_LIMIT);
      users[FULL_CHECK_LIMIT - 2] = { ...person(0), email: null } as unknown as User;
      expect(await serving(users)).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    });
  });
});
