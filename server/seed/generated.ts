// The generated part of the large and huge seeds: people, channels and their subscribers, user groups
// and messages, added to the demo organization. Deterministic (one seeded source, always drawn in the
// same order) and fast: the seeds run it inside one transaction, with prepared statements and a small
// set of texts rendered once.
import { insertStream, subscribe } from '../db/create-stream';
import { userInserter } from '../db/create-user';
import { dmKey } from '../db/insert-message';
import { systemGroupId } from '../db/groups';
import { seededIds } from '../lib/ids';
import { withIndexesRebuilt } from './bulk-load';
import { renderMarkdown } from '../markdown/render';
import { demoPasswordHash } from './demo';
import { generatedPeople } from './people';
import type { SeedContext } from './seed-context';
import type { GeneratedCounts } from './sizes';

const DAY = 86_400;
const TEXTS = [
  'Sounds good to me.',
  'Can we move this to **Thursday**?',
  'I pushed a fix; please take a look.',
  'Here is the summary:\n- first point\n- second point',
  'Thanks, that helps a lot!',
  'Is anyone else seeing slow builds today?',
  'Agreed. Let us ship it.',
  'I will follow up after the meeting.',
];
const TOPICS = ['planning', 'status', 'questions', 'random', 'release'];
const TEAMS = ['engineering', 'sales', 'support', 'design', 'operations', 'research', 'marketing', 'finance'];

/** Adds `counts` to the organization already seeded (the demo's); addresses end in @NAME.sandbox.test. */
export function seedGenerated(ctx: SeedContext, name: 'large' | 'huge', counts: GeneratedCounts): void {
  const random = seededIds(424242);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random.next() * list.length)] as T;
  // A channel's or a group's members are drawn without repeats: picking the same person twice would
  // leave it smaller than its drawn size (subscribe() would merge the repeat into one row).
  const distinct = <T>(list: readonly T[], size: number): T[] => {
    const chosen = new Set<T>();
    while (chosen.size < Math.min(size, list.length)) chosen.add(pick(list));
    return [...chosen];
  };
  const draw: Draw = { next: () => random.next(), pick, distinct };
  withIndexesRebuilt(ctx.db, ['users', 'subscriptions', 'messages', 'group_members'], () => {
    const users = seedPeople(ctx, counts, `${name}.sandbox.test`, draw);
    const channels = seedChannels(ctx, counts, users, draw, name);
    seedMessages(ctx, counts, users, channels, draw);
    seedGroups(ctx, counts, users, draw);
  });
}

interface Draw {
  next(): number;
  pick<T>(list: readonly T[]): T;
  distinct<T>(list: readonly T[], size: number): T[];
}

/** About 5% guests, 1.5% moderators and administrators, 3% deactivated; joined over 1,000 days. */
function seedPeople({ db, ids, now }: SeedContext, counts: GeneratedCounts, domain: string, draw: Draw): number[] {
  const passwordHash = demoPasswordHash();
  const insertUser = userInserter(db, ids);
  const users: number[] = [];
  for (const [index, person] of generatedPeople(draw, counts.users, domain).entries()) {
    const roll = draw.next();
    const role = roll < 0.005 ? 200 : roll < 0.015 ? 300 : roll < 0.065 ? 600 : 400;
    users.push(
      insertUser({
        email: person.email,
        full_name: person.fullName,
        role,
        date_joined: now - Math.floor((index / counts.users) * 1000 + 1) * DAY,
        password_hash: passwordHash,
        timezone: person.timezone,
        is_active: draw.next() > 0.03,
      }),
    );
  }
  return users;
}

/**
 * Everyone in general; each new channel 10% private, 5% archived, 30% in a folder, with 5–64 different
 * subscribers, or, one in twenty, a big channel of 1,000–2,999 (scaled down below 20,000 people).
 */
function seedChannels({ db, now }: SeedContext, counts: GeneratedCounts, users: number[], draw: Draw, name: string): { id: number; members: number[] }[] {
  const general = db.prepare("SELECT id FROM streams WHERE name = 'general'").pluck().get() as number;
  subscribe(db, general, users);
  const folders = db.prepare('SELECT id FROM channel_folders').pluck().all() as number[];
  const big = Math.min(1, counts.users / 20_000);
  const channels: { id: number; members: number[] }[] = [];
  for (let i = 1; i <= counts.channels; i++) {
    const size = draw.next() < 0.05 ? Math.round(big * (1000 + Math.floor(draw.next() * 2000))) : 5 + Math.floor(draw.next() * 60);
    const members = draw.distinct(users, size);
    const id = insertStream(db, {
      name: `${draw.pick(['team', 'project', 'topic', 'club'])}-${String(i).padStart(4, '0')}`,
      description: `Channel number ${i} of the ${name} sandbox.`,
      date_created: now - 500 * DAY,
      creator_id: members[0] ?? null,
      invite_only: draw.next() < 0.1,
      is_archived: draw.next() < 0.05,
      folder_id: draw.next() < 0.3 ? draw.pick(folders) : null,
    });
    subscribe(db, id, members);
    channels.push({ id, members });
  }
  return channels;
}

/** Over 90 days: 10% one-to-one direct messages, the rest in channels, each from a subscriber. */
function seedMessages({ db, now }: SeedContext, counts: GeneratedCounts, users: number[], channels: { id: number; members: number[] }[], draw: Draw): void {
  const rendered = TEXTS.map((text) => renderMarkdown(text));
  const insert = db.prepare(
    `INSERT INTO messages (sender_id, type, stream_id, topic, dm_key, content, rendered_content, date_sent, client)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'API')`,
  );
  const start = now - 90 * DAY;
  for (let i = 0; i < counts.messages; i++) {
    const text = Math.floor(draw.next() * TEXTS.length);
    const sentAt = start + Math.floor((i / counts.messages) * 90 * DAY);
    if (draw.next() < 0.1) {
      const sender = draw.pick(users);
      insert.run(sender, 'private', null, '', dmKey(sender, [draw.pick(users)]), TEXTS[text], rendered[text], sentAt);
    } else {
      const channel = draw.pick(channels);
      insert.run(draw.pick(channel.members), 'stream', channel.id, draw.pick(TOPICS), null, TEXTS[text], rendered[text], sentAt);
    }
  }
}

/**
 * Teams and their squads: each group has 3–150 different members; one in five also holds an earlier
 * group as a subgroup (groups nest, as upstream allows); one in fifty is deactivated.
 */
function seedGroups({ db, now }: SeedContext, counts: GeneratedCounts, users: number[], draw: Draw): void {
  const insertGroup = db.prepare('INSERT INTO user_groups (name, description, date_created, creator_id, deactivated, settings) VALUES (?, ?, ?, ?, ?, ?)');
  const addMember = db.prepare('INSERT INTO group_members (group_id, user_id) VALUES (?, ?)');
  const addSubgroup = db.prepare('INSERT INTO group_subgroups (group_id, subgroup_id) VALUES (?, ?)');
  const settings = JSON.stringify({ can_manage_group: systemGroupId('role:administrators'), can_mention_group: systemGroupId('role:everyone') });
  const groups: number[] = [];
  for (let i = 1; i <= counts.groups; i++) {
    const team = draw.pick(TEAMS);
    const members = draw.distinct(users, 3 + Math.floor(draw.next() * 148));
    const name = `${team}-${String(i).padStart(4, '0')}`;
    const deactivated = draw.next() < 0.02 ? 1 : 0;
    const id = Number(insertGroup.run(name, `Squad ${i} of ${team}.`, now - 200 * DAY, members[0] ?? null, deactivated, settings).lastInsertRowid);
    for (const userId of members) addMember.run(id, userId);
    if (groups.length > 0 && draw.next() < 0.2) addSubgroup.run(id, draw.pick(groups));
    groups.push(id);
  }
}
