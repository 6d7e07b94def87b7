// --seed large: the demo organization plus 20,000 users, 2,000 channels and 200,000 messages, for
// measuring the console on a realm of the size it is built for. Deterministic, and built in seconds:
// one transaction, prepared statements, and a small set of pre-rendered message texts.
import { insertUser } from '../db/create-user';
import { insertStream, subscribe } from '../db/create-stream';
import { dmKey } from '../db/insert-message';
import { seededIds } from '../lib/ids';
import { renderMarkdown } from '../markdown/render';
import { demoPasswordHash, seedDemo } from './demo';
import type { SeedContext } from './seed-context';
import { generatedPeople } from './people';

export const LARGE_COUNTS = { users: 20_000, channels: 2_000, messages: 200_000 } as const;

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

export function seedLarge(ctx: SeedContext): void {
  seedDemo(ctx);
  const { db, ids, now } = ctx;
  const random = seededIds(424242);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random.next() * list.length)] as T;
  // A channel's members are drawn without repeats: picking the same person twice would leave the
  // channel smaller than its drawn size (subscribe() would merge the repeat into one row).
  const distinct = <T>(list: readonly T[], size: number): T[] => {
    const chosen = new Set<T>();
    while (chosen.size < Math.min(size, list.length)) chosen.add(pick(list));
    return [...chosen];
  };
  const passwordHash = demoPasswordHash();

  const users: number[] = [];
  for (const [index, person] of generatedPeople(random, LARGE_COUNTS.users, 'large.sandbox.test').entries()) {
    const roll = random.next();
    const role = roll < 0.005 ? 200 : roll < 0.015 ? 300 : roll < 0.065 ? 600 : 400;
    users.push(
      insertUser(db, ids, {
        email: person.email,
        full_name: person.fullName,
        role,
        date_joined: now - Math.floor((index / LARGE_COUNTS.users) * 1000 + 1) * DAY,
        password_hash: passwordHash,
        timezone: person.timezone,
        is_active: random.next() > 0.03,
      }),
    );
  }

  const general = db.prepare("SELECT id FROM streams WHERE name = 'general'").pluck().get() as number;
  subscribe(db, general, users);
  const folders = db.prepare('SELECT id FROM channel_folders').pluck().all() as number[];
  const channels: { id: number; members: number[] }[] = [];
  for (let i = 1; i <= LARGE_COUNTS.channels; i++) {
    const size = random.next() < 0.05 ? 1000 + Math.floor(random.next() * 2000) : 5 + Math.floor(random.next() * 60);
    const members = distinct(users, size);
    const id = insertStream(db, {
      name: `${pick(['team', 'project', 'topic', 'club'])}-${String(i).padStart(4, '0')}`,
      description: `Channel number ${i} of the large sandbox.`,
      date_created: now - 500 * DAY,
      creator_id: members[0] ?? null,
      invite_only: random.next() < 0.1,
      is_archived: random.next() < 0.05,
      folder_id: random.next() < 0.3 ? pick(folders) : null,
    });
    subscribe(db, id, members);
    channels.push({ id, members });
  }

  const rendered = TEXTS.map((text) => renderMarkdown(text));
  const insert = db.prepare(
    `INSERT INTO messages (sender_id, type, stream_id, topic, dm_key, content, rendered_content, date_sent, client)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'API')`,
  );
  const start = now - 90 * DAY;
  for (let i = 0; i < LARGE_COUNTS.messages; i++) {
    const text = Math.floor(random.next() * TEXTS.length);
    const sentAt = start + Math.floor((i / LARGE_COUNTS.messages) * 90 * DAY);
    if (random.next() < 0.1) {
      const sender = pick(users);
      insert.run(sender, 'private', null, '', dmKey(sender, [pick(users)]), TEXTS[text], rendered[text], sentAt);
    } else {
      const channel = pick(channels);
      insert.run(pick(channel.members), 'stream', channel.id, pick(TOPICS), null, TEXTS[text], rendered[text], sentAt);
    }
  }
}
