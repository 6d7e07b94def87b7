// Changing one user against a real sandbox: what the signed-in administrator sees (the state, the
// reply, the words of a refusal), what the server receives (nothing, when a rule refuses), and what the
// activity log keeps.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getUser, updateUser, type User } from '../../../shared/api';
import type { ConsoleError } from '../errors';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { directClient, eventually, ownerlessSandbox, signedInConsole, userIdOf, type TestConsole } from './testing/console-harness';

const NAMED = new Set(['olivia', 'adam', 'mona', 'mark', 'gina', 'derek', 'echo-bot', 'notify-bot']);

let sandbox: Sandbox;
let olivia: TestConsole;
/** Generated members, one per test that changes someone, so tests do not depend on each other. */
let people: User[];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo' });
  olivia = await signedInConsole(sandbox.url, 'olivia@sandbox.test');
  people = [...olivia.state().users.values()].filter((user) => user.role === 400 && user.is_active && !user.is_bot && !NAMED.has(user.email.split('@')[0] as string));
}, 60_000);

afterAll(async () => {
  await olivia?.close();
  await sandbox?.close();
});

async function refusal(attempt: Promise<unknown>): Promise<ConsoleError> {
  try {
    await attempt;
  } catch (error) {
    return error as ConsoleError;
  }
  throw new Error('expected the change to be refused');
}

const person = (index: number) => people[index] as User;
const id = (email: string) => userIdOf(olivia.state(), email);
const changesSent = (console: TestConsole) => console.requests.filter((request) => !request.startsWith('GET'));
const lastEntry = () => olivia.activity.list(olivia.accountId, 1)[0];

describe('changing a role', () => {
  test('the change shows in the session state, and the reply is the user as the state shows them', async () => {
    const user = person(0);
    const updated = await olivia.userChanges.changeRole(olivia.accountId, user.user_id, 300);
    expect(updated).toMatchObject({ user_id: user.user_id, role: 300, is_admin: false });
    expect(olivia.state().users.get(user.user_id)).toBe(updated);
    // The event was awaited, not a second request.
    expect(olivia.requests).toEqual([`PATCH /api/v1/users/${user.user_id}`]);
    expect(lastEntry()).toMatchObject({
      actor: 'Olivia Owner (olivia@sandbox.test)',
      action: 'Changed role',
      target: `${user.full_name} (${user.email})`,
      details: 'Member → Moderator',
      result: 'ok',
      error: null,
    });
  });

  test('the role a user already has is no change: nothing is sent', async () => {
    olivia.requests.length = 0;
    const mark = await olivia.userChanges.changeRole(olivia.accountId, id('mark@sandbox.test'), 400);
    expect(mark.role).toBe(400);
    expect(olivia.requests).toEqual([]);
  });

  test('the only owner cannot lose the owner role: refused with the reason, without a request', async () => {
    olivia.requests.length = 0;
    const error = await refusal(olivia.userChanges.changeRole(olivia.accountId, id('olivia@sandbox.test'), 200));
    expect(error.code).toBe('NOT_ALLOWED');
    expect(error.message).toBe('Olivia Owner is the only owner of this organization and cannot lose the owner role. Make someone else an owner first.');
    expect(olivia.requests).toEqual([]);
    expect(lastEntry()).toMatchObject({ details: 'Owner → Administrator', result: 'failed', error: error.message });
  });

  test('a guest cannot be made an administrator directly: refused without a request', async () => {
    olivia.requests.length = 0;
    const error = await refusal(olivia.userChanges.changeRole(olivia.accountId, id('gina@sandbox.test'), 200));
    expect(error.code).toBe('NOT_ALLOWED');
    expect(error.message).toBe('Gina Guest is a guest: a guest cannot be made an administrator directly. Make them a member first.');
    expect(olivia.requests).toEqual([]);
  });

  test('an administrator cannot remove an owner role: refused without a request', async () => {
    const adam = await signedInConsole(sandbox.url, 'adam@sandbox.test');
    try {
      const error = await refusal(adam.userChanges.changeRole(adam.accountId, userIdOf(adam.state(), 'olivia@sandbox.test'), 200));
      expect(error.code).toBe('NOT_ALLOWED');
      expect(error.message).toBe('Olivia Owner is an owner: only organization owners can remove the owner role. Sign in as an owner, or ask one to make this change.');
      expect(changesSent(adam)).toEqual([]);
      expect(adam.activity.list(adam.accountId, 1)[0]).toMatchObject({ actor: 'Adam Admin (adam@sandbox.test)', result: 'failed' });
    } finally {
      await adam.close();
    }
  });

  test('an unknown user is refused without a request', async () => {
    olivia.requests.length = 0;
    const error = await refusal(olivia.userChanges.changeRole(olivia.accountId, 987_654, 300));
    expect(error.code).toBe('NO_SUCH_USER');
    expect(error.message).toContain('no user with ID 987654 in Sandbox Org');
    expect(olivia.requests).toEqual([]);
  });

  test('when the event is slow to come, the reply is fetched from the server: never the user as they were', async () => {
    const slow = await signedInConsole(sandbox.url, 'olivia@sandbox.test', { settleTimeoutMs: 300 });
    try {
      const user = person(1);
      slow.holdEvents();
      const updated = await slow.userChanges.changeRole(slow.accountId, user.user_id, 300);
      expect(updated.role).toBe(300);
      expect(slow.state().users.get(user.user_id)?.role).toBe(400);
      expect(slow.requests).toEqual([`PATCH /api/v1/users/${user.user_id}`, `GET /api/v1/users/${user.user_id}`]);
      slow.releaseEvents();
      await eventually(() => slow.state().users.get(user.user_id)?.role === 300, 'the held event');
    } finally {
      await slow.close();
    }
  });
});

describe("the server's refusals, in words", () => {
  test('a refusal keeps its code, with what to do added', async () => {
    const user = person(2);
    const error = await refusal(olivia.userChanges.rename(olivia.accountId, user.user_id, `${user.full_name} *`));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe(
      `${user.full_name} could not be renamed to ${user.full_name} *: Invalid characters in name! Names cannot contain * \` \\ > " or @. Choose another name.`,
    );
    expect(lastEntry()).toMatchObject({ action: 'Renamed', result: 'failed', error: error.message });
  });

  test('a refusal the console could not foresee (its state was behind) comes back in the server\'s words', async () => {
    // A realm of its own: Olivia stops being an owner here, which the console does not hear of in time.
    const other = await startSandbox({ seed: 'demo' });
    const stale = await signedInConsole(other.url, 'olivia@sandbox.test');
    try {
      const [asOlivia, asAdam] = await Promise.all([directClient(other.url, 'olivia@sandbox.test'), directClient(other.url, 'adam@sandbox.test')]);
      const [oliviaId, adamId, markId] = ['olivia', 'adam', 'mark'].map((name) => userIdOf(stale.state(), `${name}@sandbox.test`)) as [number, number, number];
      stale.holdEvents();
      await asOlivia.call(updateUser, { user_id: adamId, role: 100 });
      await asAdam.call(updateUser, { user_id: oliviaId, role: 200 });
      expect(stale.state().ownRole).toBe(100);

      const error = await refusal(stale.userChanges.changeRole(stale.accountId, markId, 100));
      expect(error.code).toBe('UNAUTHORIZED_PRINCIPAL');
      expect(error.message).toBe('Mark Member could not be made an owner: Must be an organization owner. Sign in as an owner, or ask one to make this change.');
      expect(stale.activity.list(stale.accountId, 1)[0]).toMatchObject({ details: 'Member → Owner', result: 'failed', error: error.message });
    } finally {
      await stale.close();
      await other.close();
    }
  }, 30_000);
});

describe('renaming', () => {
  test('a new full name shows in the state and the reply, trimmed as the server stores it', async () => {
    const user = person(3);
    const renamed = await olivia.userChanges.rename(olivia.accountId, user.user_id, '  Renamed Person ');
    expect(renamed.full_name).toBe('Renamed Person');
    expect(olivia.state().users.get(user.user_id)?.full_name).toBe('Renamed Person');
    expect(lastEntry()).toMatchObject({ action: 'Renamed', details: `${user.full_name} → Renamed Person`, result: 'ok' });
  });
});

describe('deactivating and reactivating', () => {
  test('a deactivated user shows as deactivated, and comes back when reactivated', async () => {
    const user = person(4);
    const deactivated = await olivia.userChanges.deactivate(olivia.accountId, user.user_id);
    expect(deactivated.is_active).toBe(false);
    expect(olivia.state().users.get(user.user_id)?.is_active).toBe(false);
    const reactivated = await olivia.userChanges.reactivate(olivia.accountId, user.user_id);
    expect(reactivated.is_active).toBe(true);
    expect(olivia.state().users.get(user.user_id)?.is_active).toBe(true);
    expect(olivia.activity.list(olivia.accountId, 2).map((entry) => [entry.action, entry.result])).toEqual([
      ['Reactivated', 'ok'],
      ['Deactivated', 'ok'],
    ]);
  });

  test('the only owner cannot be deactivated: refused with the reason, without a request', async () => {
    olivia.requests.length = 0;
    const error = await refusal(olivia.userChanges.deactivate(olivia.accountId, id('olivia@sandbox.test')));
    expect(error.code).toBe('NOT_ALLOWED');
    expect(error.message).toBe('Olivia Owner is the only owner of this organization and cannot be deactivated. Make someone else an owner first.');
    expect(olivia.requests).toEqual([]);
  });

  test('an administrator cannot deactivate an owner', async () => {
    const adam = await signedInConsole(sandbox.url, 'adam@sandbox.test');
    try {
      const error = await refusal(adam.userChanges.deactivate(adam.accountId, userIdOf(adam.state(), 'olivia@sandbox.test')));
      expect(error.message).toBe('Olivia Owner is an owner: only organization owners can deactivate an owner.');
      expect(changesSent(adam)).toEqual([]);
    } finally {
      await adam.close();
    }
  });

  test('deactivating someone already deactivated sends nothing', async () => {
    olivia.requests.length = 0;
    const derek = await olivia.userChanges.deactivate(olivia.accountId, id('derek@sandbox.test'));
    expect(derek.is_active).toBe(false);
    expect(olivia.requests).toEqual([]);
  });
});

describe('changes that must be confirmed in words', () => {
  test('taking away your own rights is refused without the confirmation, before any request, and made with it', async () => {
    const adam = await signedInConsole(sandbox.url, 'adam@sandbox.test');
    const adamId = id('adam@sandbox.test');
    try {
      const error = await refusal(adam.userChanges.changeRole(adam.accountId, adamId, 300));
      expect(error.code).toBe('CONFIRMATION_NEEDED');
      expect(error.message).toBe(
        'Adam Admin could not be made a moderator: After this change Sandbox Org has no administrators: only its 1 owner could manage its settings, users and channels, or undo this change. You are taking away your own rights (Adam Admin: Administrator → Moderator): from then on you can do only what a moderator may, and you cannot undo it yourself. Nothing was changed: confirm that you understand, then try again.',
      );
      expect(error.extra).toEqual({ userId: adamId, hazards: ['noAdministrator', 'ownRights'] });
      expect(changesSent(adam)).toEqual([]);
      expect(adam.activity.list(adam.accountId, 1)[0]).toMatchObject({ details: 'Administrator → Moderator', result: 'failed', error: error.message });

      const changed = await adam.userChanges.changeRole(adam.accountId, adamId, 300, ['noAdministrator', 'ownRights']);
      expect(changed.role).toBe(300);
      expect(changesSent(adam)).toEqual([`PATCH /api/v1/users/${adamId}`]);
    } finally {
      await adam.close();
    }
    // Adam an administrator again, for the other tests.
    await eventually(() => olivia.state().users.get(adamId)?.role === 300, 'Adam a moderator in the state');
    await olivia.userChanges.changeRole(olivia.accountId, adamId, 200);
  });

  test('leaving nobody to administer the realm is refused until both consequences are confirmed', async () => {
    const ownerless = await ownerlessSandbox();
    const console = await signedInConsole(ownerless.url, 'olivia@sandbox.test');
    try {
      const [oliviaId, adamId] = ['olivia', 'adam'].map((name) => userIdOf(console.state(), `${name}@sandbox.test`)) as [number, number];
      // Adam's demotion leaves Olivia, an administrator: nothing to confirm.
      expect((await console.userChanges.changeRole(console.accountId, adamId, 300)).role).toBe(300);
      console.requests.length = 0;

      const error = await refusal(console.userChanges.changeRole(console.accountId, oliviaId, 300, ['ownRights']));
      expect(error.code).toBe('CONFIRMATION_NEEDED');
      expect(error.message).toMatch(/^Olivia Owner could not be made a moderator: After this change Sandbox Org has no active owner or administrator: nobody could change roles or settings any more, or undo this change\. You are taking away your own rights/);
      expect(error.extra).toEqual({ userId: oliviaId, hazards: ['noAdministrator', 'ownRights'] });
      expect(changesSent(console)).toEqual([]);

      const changed = await console.userChanges.changeRole(console.accountId, oliviaId, 300, ['noAdministrator', 'ownRights']);
      expect(changed.role).toBe(300);
      const server = await directClient(ownerless.url, 'adam@sandbox.test');
      const { value } = await server.call(getUser, { user_id: oliviaId });
      expect(value.user.role).toBe(300);
    } finally {
      await console.close();
      await ownerless.close();
    }
  }, 30_000);
});

describe('failures before anything is sent, in words', () => {
  test('an organization that is not signed in says what was not done and what to do', async () => {
    const error = await refusal(olivia.userChanges.changeRole('no-such-account', 1, 300));
    expect(error.code).toBe('UNKNOWN_ACCOUNT');
    expect(error.message).toBe('The role change could not be made: That organization is not signed in any more. Pick another one, or sign in again.');
  });

  test('a server that cannot be reached: the user, what was tried, and the client\'s words', async () => {
    const other = await startSandbox({ seed: 'demo' });
    const cut = await signedInConsole(other.url, 'olivia@sandbox.test');
    try {
      const markId = userIdOf(cut.state(), 'mark@sandbox.test');
      await other.stop();
      const error = await refusal(cut.userChanges.changeRole(cut.accountId, markId, 300));
      expect(error.code).toBe('NETWORK_ERROR');
      // The state is still there (the session is reconnecting): the change names the user.
      expect(error.message).toBe(`Mark Member could not be made a moderator: Could not reach ${other.url}: connection refused. Check the address and your network.`);
    } finally {
      await cut.close();
      await other.close();
    }
  }, 30_000);
});

describe('the activity log', () => {
  test('exports every change as CSV, a formula-looking name escaped', async () => {
    const user = person(5);
    await olivia.userChanges.rename(olivia.accountId, user.user_id, '=SUM(1+1)');
    await olivia.userChanges.changeRole(olivia.accountId, user.user_id, 300);
    const { filename, csv } = olivia.activity.exportCsv(olivia.accountId, olivia.state().realmName);
    expect(filename).toMatch(/^activity-sandbox-org-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.split('\r\n');
    const last = lines.at(-2) as string;
    expect(last).toMatch(new RegExp(`,Olivia Owner \\(olivia@sandbox\\.test\\),Changed role,'=SUM\\(1\\+1\\) \\(${user.email.replace('.', '\\.')}\\),Member → Moderator,ok,$`));
    // Every attempt of this file's tests is there, the refusals too.
    expect(lines.filter((line) => line.includes(',failed,')).length).toBeGreaterThanOrEqual(4);
  });
});
