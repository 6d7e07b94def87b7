// Custom user groups over real HTTP: create, update, members and subgroups, with upstream's errors and
// the user_group events every client's queue receives (each parsed with the console's own schema).
import { describe, expect, test } from 'vitest';
import { createUserGroup, getUserGroups, parseEvent, type UserGroup } from '../../shared/api';
import { registerQueue, type QueueEvent } from '../testing/event-client';
import { error } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';

const { clients, ids } = demoServerForFile();

async function group(id: number): Promise<UserGroup | undefined> {
  const list = getUserGroups.reply.parse((await clients.mark.get('/user_groups')).body).user_groups;
  return list.find((candidate) => candidate.id === id);
}

/** The event as the console's schema reads it: a known kind, checked; anything else fails the test. */
function checked(raw: QueueEvent): unknown {
  const parsed = parseEvent(raw);
  if (!parsed.success || parsed.data.kind !== 'known') throw new Error(`not a known, valid event: ${JSON.stringify(raw)}`);
  return parsed.data.event;
}

let counter = 0;
async function create(fields: Record<string, unknown> = {}, as: 'olivia' | 'mark' = 'olivia'): Promise<number> {
  counter += 1;
  const response = await clients[as].post('/user_groups/create', { name: `team ${String(counter)}`, description: 'A team', members: [], ...fields });
  return createUserGroup.reply.parse(response.body).group_id;
}

describe('POST /user_groups/create', () => {
  test('creates the group with its members, subgroups and settings, and tells every client', async () => {
    const queue = await registerQueue(clients.mark, { event_types: ['user_group'] });
    const inner = await create({ members: [ids.person.mark] });
    const id = await create({ name: 'Platform', members: [ids.person.adam], subgroups: [inner], can_mention_group: 7 });
    expect(await group(id)).toMatchObject({
      name: 'Platform',
      description: 'A team',
      members: [ids.person.adam],
      direct_subgroup_ids: [inner],
      is_system_group: false,
      creator_id: ids.person.olivia,
      can_mention_group: 7,
      // upstream's defaults: the creator manages the group.
      can_manage_group: { direct_members: [ids.person.olivia], direct_subgroups: [] },
    });
    const event = await queue.waitFor((candidate) => candidate.type === 'user_group' && (candidate as { group?: { id: number } }).group?.id === id);
    expect(checked(event)).toMatchObject({ type: 'user_group', op: 'add', group: { id, name: 'Platform', members: [ids.person.adam], direct_subgroup_ids: [inner] } });
  });

  test.each([
    [{ name: '' }, "User group name can't be empty!"],
    [{ name: 'role:hackers' }, "User group name cannot start with 'role:'."],
    [{ name: 'x'.repeat(101) }, 'User group name cannot exceed 100 characters.'],
    [{ name: 'engineers' }, "User group 'engineers' already exists."],
    [{ members: [99999] }, 'Invalid user ID: 99999'],
    [{ subgroups: [99999] }, 'Invalid user group ID: 99999'],
    [{ can_manage_group: 8 }, "'can_manage_group' setting cannot be set to 'role:internet' group."],
  ])('refuses %j: %s', async (fields, msg) => {
    const response = await clients.olivia.post('/user_groups/create', { name: 'fresh', description: '', members: [], ...fields });
    expect(response.body).toEqual(error(msg));
  });

  test('a guest may not create a group', async () => {
    const response = await clients.gina.post('/user_groups/create', { name: 'guests', description: '', members: [] });
    expect(response.body).toEqual(error('Not allowed for guest users'));
  });
});

describe('POST /user_groups/{id}/members', () => {
  test('adds and removes members, with add_members and remove_members events', async () => {
    const id = await create({ members: [ids.person.mark] });
    const queue = await registerQueue(clients.adam, { event_types: ['user_group'] });
    const response = await clients.olivia.post(`/user_groups/${String(id)}/members`, { add: [ids.person.adam], delete: [ids.person.mark] });
    expect(response.body).toMatchObject({ result: 'success' });
    expect((await group(id))?.members).toEqual([ids.person.adam]);
    const events = await queue.drain();
    expect(events.map((event) => checked(event))).toMatchObject([
      { op: 'add_members', group_id: id, user_ids: [ids.person.adam] },
      { op: 'remove_members', group_id: id, user_ids: [ids.person.mark] },
    ]);
  });

  test.each([
    ['an existing member', { add: ['mark'] }, (mark?: number) => `User ${String(mark)} is already a member of this group`],
    ['someone not in it', { delete: ['adam'] }, (_mark?: number, adam?: number) => `There is no member '${String(adam)}' in this user group`],
    ['nothing', {}, () => 'Nothing to do. Specify at least one of "add" or "delete".'],
  ] as [string, Record<string, ('mark' | 'adam')[]>, (mark?: number, adam?: number) => string][])('refuses adding or removing %s, changing nothing', async (_what, request, msg) => {
    const id = await create({ members: [ids.person.mark] });
    const named = Object.fromEntries(Object.entries(request).map(([key, names]) => [key, names.map((name) => ids.person[name])]));
    const response = await clients.olivia.post(`/user_groups/${String(id)}/members`, named);
    expect(response.body).toEqual(error(msg(ids.person.mark, ids.person.adam)));
    expect((await group(id))?.members).toEqual([ids.person.mark]);
  });

  test('only administrators and those the group lets manage it may change it; system groups follow roles', async () => {
    const id = await create({ members: [] });
    expect((await clients.mark.post(`/user_groups/${String(id)}/members`, { add: [ids.person.mark] })).body).toEqual(error('Insufficient permission'));
    expect((await clients.adam.post(`/user_groups/${String(id)}/members`, { add: [ids.person.mark] })).body).toMatchObject({ result: 'success' });
    const own = await create({}, 'mark');
    expect((await clients.mark.post(`/user_groups/${String(own)}/members`, { add: [ids.person.adam] })).body).toMatchObject({ result: 'success' });
    expect((await clients.olivia.post('/user_groups/3/members', { add: [ids.person.mark] })).body).toEqual(error('Insufficient permission'));
    expect((await clients.olivia.post('/user_groups/99999/members', { add: [ids.person.mark] })).body).toEqual(error('Invalid user group'));
  });
});

describe('POST /user_groups/{id}/subgroups', () => {
  test('adds and removes subgroups, with add_subgroups and remove_subgroups events', async () => {
    const outer = await create();
    const inner = await create();
    const queue = await registerQueue(clients.mark, { event_types: ['user_group'] });
    expect((await clients.olivia.post(`/user_groups/${String(outer)}/subgroups`, { add: [inner] })).body).toMatchObject({ result: 'success' });
    expect((await group(outer))?.direct_subgroup_ids).toEqual([inner]);
    expect((await clients.olivia.post(`/user_groups/${String(outer)}/subgroups`, { delete: [inner] })).body).toMatchObject({ result: 'success' });
    expect((await group(outer))?.direct_subgroup_ids).toEqual([]);
    const events = await queue.drain();
    expect(events.map((event) => checked(event))).toMatchObject([
      { op: 'add_subgroups', group_id: outer, direct_subgroup_ids: [inner] },
      { op: 'remove_subgroups', group_id: outer, direct_subgroup_ids: [inner] },
    ]);
  });

  test('refuses a cycle, a subgroup twice, one that is not there, and an unknown group', async () => {
    const a = await create();
    const b = await create({ subgroups: [a] });
    const c = await create({ subgroups: [b] });
    expect((await clients.olivia.post(`/user_groups/${String(a)}/subgroups`, { add: [c] })).body).toEqual(
      error(`User group ${String(a)} is already a subgroup of one of the passed subgroups.`),
    );
    expect((await clients.olivia.post(`/user_groups/${String(a)}/subgroups`, { add: [a] })).body).toEqual(
      error(`User group ${String(a)} is already a subgroup of one of the passed subgroups.`),
    );
    expect((await clients.olivia.post(`/user_groups/${String(b)}/subgroups`, { add: [a] })).body).toEqual(error(`User group ${String(a)} is already a subgroup of this group.`));
    expect((await clients.olivia.post(`/user_groups/${String(c)}/subgroups`, { delete: [a] })).body).toEqual(error(`User group ${String(a)} is not a subgroup of this group.`));
    expect((await clients.olivia.post(`/user_groups/${String(c)}/subgroups`, { add: [99999] })).body).toEqual(error('Invalid user group ID: 99999'));
    expect((await group(a))?.direct_subgroup_ids).toEqual([]);
  });
});

describe('PATCH /user_groups/{id}', () => {
  test('changes the name, description and a setting, telling every client only what changed', async () => {
    const id = await create();
    const queue = await registerQueue(clients.mark, { event_types: ['user_group'] });
    const response = await clients.olivia.patch(`/user_groups/${String(id)}`, {
      name: 'Renamed team',
      description: 'A team',
      can_mention_group: { new: 6, old: 7 },
    });
    expect(response.body).toMatchObject({ result: 'success' });
    expect(await group(id)).toMatchObject({ name: 'Renamed team', can_mention_group: 6 });
    const event = await queue.waitFor((candidate) => candidate.type === 'user_group');
    expect(checked(event)).toEqual({ id: event.id, type: 'user_group', op: 'update', group_id: id, data: { name: 'Renamed team', can_mention_group: 6 } });
  });

  test("refuses no data, a stale 'old', a taken name and another's group", async () => {
    const id = await create();
    expect((await clients.olivia.patch(`/user_groups/${String(id)}`, {})).body).toEqual(error('No new data supplied'));
    expect((await clients.olivia.patch(`/user_groups/${String(id)}`, { can_mention_group: { new: 6, old: 5 } })).body).toEqual(error("'old' value does not match the expected value."));
    expect((await clients.olivia.patch(`/user_groups/${String(id)}`, { name: 'designers' })).body).toEqual(error("User group 'designers' already exists."));
    expect((await clients.mark.patch(`/user_groups/${String(id)}`, { description: 'mine now' })).body).toEqual(error('Insufficient permission'));
    expect((await group(id))?.description).toBe('A team');
  });
});
