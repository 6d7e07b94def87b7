// upstream GET /user_groups: system and named groups with their direct members, subgroups and settings.
import { describe, expect, test } from 'vitest';
import { getUserGroups, type UserGroup } from '../../shared/api';
import { withDb } from '../testing/database-file';
import { demoServerForFile } from '../testing/server-per-file';

const { server, clients, ids } = demoServerForFile();

async function groups(params: Record<string, unknown> = {}): Promise<UserGroup[]> {
  return getUserGroups.reply.parse((await clients.mark.get('/user_groups', params)).body).user_groups;
}

const byName = (list: UserGroup[], name: string) => list.find((group) => group.name === name);

describe('GET /user_groups', () => {
  test('lists the system groups and the named groups, by ID', async () => {
    const list = await groups();
    expect(list.map((group) => group.name)).toEqual([
      'role:nobody',
      'role:owners',
      'role:administrators',
      'role:moderators',
      'role:fullmembers',
      'role:members',
      'role:everyone',
      'role:internet',
      'engineers',
      'designers',
    ]);
    expect(list.slice(0, 8).every((group) => group.is_system_group)).toBe(true);
  });

  test("a system group's members are the users with exactly its role, and its subgroup is the next role up", async () => {
    const administrators = byName(await groups(), 'role:administrators');
    expect(administrators).toMatchObject({ members: [ids.person.adam], direct_subgroup_ids: [2], creator_id: null, deactivated: false });
  });

  test('a named group lists its direct members, creator and settings', async () => {
    const engineers = byName(await groups(), 'engineers');
    expect(engineers?.members).toContain(ids.person.mark);
    expect(engineers).toMatchObject({
      is_system_group: false,
      creator_id: ids.person.olivia,
      can_manage_group: 3,
      can_mention_group: 7,
      can_join_group: 1,
      date_created: expect.any(Number) as number,
    });
  });

  test('deactivated users are not listed as members', async () => {
    withDb(server, (db) =>
      db.prepare("INSERT INTO group_members (group_id, user_id) SELECT g.id, u.id FROM user_groups g, users u WHERE g.name = 'designers' AND u.delivery_email = 'derek@sandbox.test'").run(),
    );
    const derek = withDb(server, (db) => db.prepare("SELECT id FROM users WHERE delivery_email = 'derek@sandbox.test'").pluck().get() as number);
    expect(byName(await groups(), 'designers')?.members).not.toContain(derek);
  });

  test('deactivated groups come only with include_deactivated_groups', async () => {
    withDb(server, (db) =>
      db.prepare("INSERT INTO user_groups (name, description, date_created, deactivated) VALUES ('retired', 'Old group', 0, 1)").run(),
    );
    expect(byName(await groups(), 'retired')).toBeUndefined();
    expect(byName(await groups({ include_deactivated_groups: true }), 'retired')).toMatchObject({ deactivated: true });
  });

  test.each([
    ['owner', 'olivia'],
    ['administrator', 'adam'],
    ['moderator', 'mona'],
    ['member', 'mark'],
  ] as const)('permission matrix: an %s sees every group', async (_role, person) => {
    const response = await clients[person].get('/user_groups');
    expect(response.status).toBe(200);
    expect(getUserGroups.reply.parse(response.body).user_groups.map((group) => group.name)).toEqual(expect.arrayContaining(['role:owners', 'engineers', 'designers']));
  });

  test('guests and bots are turned away', async () => {
    const gina = await server.as('gina@sandbox.test');
    expect((await gina.get('/user_groups')).body).toEqual({ result: 'error', msg: 'Not allowed for guest users', code: 'BAD_REQUEST' });
    const key = withDb(server, (db) => db.prepare("SELECT api_key FROM users WHERE delivery_email = 'echo-bot@sandbox.test'").pluck().get() as string);
    const bot = server.withCredentials('echo-bot@sandbox.test', key);
    expect((await bot.get('/user_groups')).body).toEqual({
      result: 'error',
      msg: 'This endpoint does not accept bot requests.',
      code: 'BAD_REQUEST',
    });
  });
});
