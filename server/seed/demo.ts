// --seed demo: "Sandbox Org", a small, deterministic organization with a person in every role, every
// kind of channel, folders, groups, conversations, pending invitations and moderation reports.
// docs/server.md lists what it holds. Every human's password is "sandbox": this is demo data.
import type { Db } from '../db/connection';
import { insertUser } from '../db/create-user';
import { insertStream, subscribe } from '../db/create-stream';
import { insertMessage } from '../db/insert-message';
import { hashPassword } from '../db/passwords';
import { systemGroupId } from '../db/groups';
import type { UserRow } from '../db/users';
import { seededIds } from '../lib/ids';
import { renderMarkdown } from '../markdown/render';
import { dbLookups } from '../db/markdown-lookups';
import { reportContent, reportTopic, type ReportInput } from '../lib/report-template';
import type { SeedContext } from './seed-context';
import { createRealm, EMAIL_DOMAIN } from './realm';
import { generatedPeople } from './people';

export const DEMO_PASSWORD = 'sandbox';
const DAY = 86_400;

export const DEMO_PEOPLE = [
  { key: 'olivia', full_name: 'Olivia Owner', role: 100 },
  { key: 'adam', full_name: 'Adam Admin', role: 200 },
  { key: 'mona', full_name: 'Mona Moderator', role: 300 },
  { key: 'mark', full_name: 'Mark Member', role: 400 },
  { key: 'gina', full_name: 'Gina Guest', role: 600 },
  { key: 'derek', full_name: 'Derek Departed', role: 400, deactivated: true },
] as const;

type PersonKey = (typeof DEMO_PEOPLE)[number]['key'];

/** One salted hash for every demo account: computing 46 scrypt hashes would slow every test start. */
export function demoPasswordHash(): string {
  return hashPassword(DEMO_PASSWORD, Buffer.from('sandbox-demo-salt'));
}

export function seedDemo(ctx: SeedContext): void {
  const { db, ids, now } = ctx;
  const { notificationBotId } = createRealm(db, ids, now);
  const passwordHash = demoPasswordHash();
  const people = {} as Record<PersonKey, number>;
  DEMO_PEOPLE.forEach((person, index) => {
    people[person.key] = insertUser(db, ids, {
      email: `${person.key}@${EMAIL_DOMAIN}`,
      full_name: person.full_name,
      role: person.role,
      date_joined: now - (400 - index * 30) * DAY,
      password_hash: passwordHash,
      is_active: !('deactivated' in person),
      timezone: 'Europe/Berlin',
    });
  });
  const members = generatedPeople(seededIds(20260115), 40).map((person, index) =>
    insertUser(db, ids, {
      email: person.email,
      full_name: person.fullName,
      role: 400,
      date_joined: now - (200 - index * 4) * DAY,
      password_hash: passwordHash,
      timezone: person.timezone,
    }),
  );
  const echoBot = insertUser(db, ids, {
    email: `echo-bot@${EMAIL_DOMAIN}`,
    full_name: 'Echo Bot',
    role: 400,
    date_joined: now - 100 * DAY,
    is_bot: true,
    bot_type: 3,
    bot_owner_id: people.adam,
  });
  // Outgoing webhooks go nowhere until a test points the bot at a receiver.
  db.prepare('INSERT INTO bot_services (bot_id, base_url, token) VALUES (?, ?, ?)').run(echoBot, 'http://127.0.0.1:9/echo', ids.token(32));

  seedProfileFields(db, people, members);
  const folders = seedFolders(db, people.olivia, now);
  seedGroups(db, people, members, now);
  const everyoneActive = [...Object.values(people), ...members, echoBot];
  const channels = seedChannels(db, people, members, everyoneActive, folders, now);
  db.prepare('UPDATE realm SET moderation_request_channel_id = ?').run(channels.moderation);

  const say = messageWriter(db, now);
  seedConversations(say, people, members, channels);
  seedReports(db, say, notificationBotId, people, members, channels);
  seedInvites(db, people, now);
  // The old-projects channel was archived after its last message.
  db.prepare('UPDATE streams SET is_archived = 1 WHERE id = ?').run(channels.oldProjects);
  // Custom emoji for statuses (spec 10 reaction_type realm_emoji): one in use, one deactivated.
  const addEmoji = db.prepare('INSERT INTO realm_emoji (name, file_name, author_id, deactivated) VALUES (?, ?, ?, ?)');
  addEmoji.run('sandbox', 'sandbox.png', people.olivia, 0);
  addEmoji.run('old_logo', 'old_logo.png', people.adam, 1);
}

type Say = (sender: number, to: { stream_id: number; topic: string } | { user_ids: number[] }, content: string, minutesAgo: number) => number;

function messageWriter(db: Db, now: number): Say {
  const lookups = dbLookups(db);
  return (sender, to, content, minutesAgo) =>
    insertMessage(db, { sender_id: sender, to, content, rendered_content: renderMarkdown(content, lookups), date_sent: now - minutesAgo * 60 });
}

function seedProfileFields(db: Db, people: Record<PersonKey, number>, members: number[]): void {
  const insertField = db.prepare('INSERT INTO custom_profile_fields (name, hint, field_type, field_order) VALUES (?, ?, ?, ?)');
  const pronouns = Number(insertField.run('Pronouns', 'What pronouns should people use for you?', 1, 1).lastInsertRowid);
  const team = Number(insertField.run('Team', 'The team you work in', 1, 2).lastInsertRowid);
  const setValue = db.prepare('INSERT INTO profile_values (user_id, field_id, value) VALUES (?, ?, ?)');
  setValue.run(people.olivia, pronouns, 'she/her');
  setValue.run(people.olivia, team, 'Leadership');
  setValue.run(people.adam, pronouns, 'he/him');
  setValue.run(people.adam, team, 'Operations');
  setValue.run(people.mark, team, 'Engineering');
  members.slice(0, 15).forEach((id) => setValue.run(id, team, 'Engineering'));
  members.slice(15, 25).forEach((id) => setValue.run(id, team, 'Design'));
}

function seedFolders(db: Db, creator: number, now: number): { teams: number; social: number } {
  const insert = db.prepare(
    'INSERT INTO channel_folders (name, description, rendered_description, creator_id, date_created, sort_order) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const folder = (name: string, description: string, order: number) =>
    Number(insert.run(name, description, renderMarkdown(description), creator, now - 300 * DAY, order).lastInsertRowid);
  return { teams: folder('Teams', 'Channels of each team.', 1), social: folder('Social', 'Off-topic and social channels.', 2) };
}

function seedGroups(db: Db, people: Record<PersonKey, number>, members: number[], now: number): void {
  const insertGroup = db.prepare('INSERT INTO user_groups (name, description, date_created, creator_id, settings) VALUES (?, ?, ?, ?, ?)');
  const addMember = db.prepare('INSERT INTO group_members (group_id, user_id) VALUES (?, ?)');
  const settings = JSON.stringify({ can_manage_group: systemGroupId('role:administrators'), can_mention_group: systemGroupId('role:everyone') });
  const group = (name: string, description: string, userIds: number[]) => {
    const id = Number(insertGroup.run(name, description, now - 250 * DAY, people.olivia, settings).lastInsertRowid);
    for (const userId of userIds) addMember.run(id, userId);
    return id;
  };
  group('engineers', 'Everyone who builds the product', [people.mark, ...members.slice(0, 15)]);
  group('designers', 'Product and visual designers', [people.gina, ...members.slice(15, 25)]);
}

interface Channels {
  general: number;
  announcements: number;
  engineering: number;
  design: number;
  leadership: number;
  moderation: number;
  oldProjects: number;
}

function seedChannels(
  db: Db,
  people: Record<PersonKey, number>,
  members: number[],
  everyone: number[],
  folders: { teams: number; social: number },
  now: number,
): Channels {
  const created = now - 380 * DAY;
  const channel = (name: string, description: string, extra: Partial<Parameters<typeof insertStream>[1]> = {}) =>
    insertStream(db, { name, description, date_created: created, creator_id: people.olivia, ...extra });
  const channels: Channels = {
    general: channel('general', 'Everyone is here. Say hello!', { is_default: true }),
    announcements: channel('announcements', 'Company news. Only administrators post here.', {
      can_send_message_group: systemGroupId('role:administrators'),
    }),
    engineering: channel('engineering', 'Building and shipping the product.', { folder_id: folders.teams }),
    design: channel('design', 'Design reviews and critique.', { folder_id: folders.teams }),
    leadership: channel('leadership', 'Private: the leadership team.', { invite_only: true, history_public_to_subscribers: false }),
    moderation: channel('moderation', 'Private: reported messages arrive here for moderators.', { invite_only: true }),
    oldProjects: channel('old-projects', 'Finished projects, kept for reference.'),
  };
  const humans = everyone.filter((id) => id !== people.derek);
  subscribe(db, channels.general, everyone);
  subscribe(db, channels.announcements, humans);
  subscribe(db, channels.engineering, [people.adam, people.mark, ...members.slice(0, 15)]);
  subscribe(db, channels.design, [people.olivia, people.gina, ...members.slice(15, 25)]);
  subscribe(db, channels.leadership, [people.olivia, people.adam]);
  subscribe(db, channels.moderation, [people.olivia, people.adam, people.mona]);
  subscribe(db, channels.oldProjects, [people.olivia, people.mark, ...members.slice(0, 5)]);
  return channels;
}

function seedConversations(say: Say, people: Record<PersonKey, number>, members: number[], channels: Channels): void {
  const member = (index: number) => members[index] ?? people.mark;
  const [m1, m2, m3, m16] = [member(0), member(1), member(2), member(16)];
  const general = (topic: string) => ({ stream_id: channels.general, topic });
  say(people.olivia, general('welcome'), 'Welcome to **Sandbox Org**! This organization is demo data: every password is `sandbox`.', 9000);
  say(people.adam, general('welcome'), 'Glad to have everyone here. Questions about accounts go to #**general>help**.', 8990);
  say(m1, general('welcome'), 'Thanks! Happy to be here.', 8900);
  say(people.mark, general('lunch plans'), 'Anyone up for noodles on Friday?', 4000);
  say(people.gina, general('lunch plans'), 'Count me in 🍜', 3990);
  say(m2, general('lunch plans'), 'Friday works for me.', 3980);
  say(people.mona, general(''), 'A message in the empty topic, for clients that show it as "general chat".', 3000);
  say(m3, general(''), 'Another quick note without a topic.', 2990);
  say(people.olivia, general('help'), 'Reply here if you cannot sign in.', 2500);
  say(people.adam, { stream_id: channels.announcements, topic: 'office closure' }, 'The office is closed on **Monday** for maintenance.', 2000);
  say(people.adam, { stream_id: channels.announcements, topic: 'new handbook' }, 'The new handbook is live. Please read it this week.', 1000);
  say(people.mark, { stream_id: channels.engineering, topic: 'deploys' }, 'Deploying version 2.3 to staging now.', 1500);
  say(m1, { stream_id: channels.engineering, topic: 'deploys' }, 'Staging looks good:\n```\nall 412 checks passed\n```', 1490);
  say(m2, { stream_id: channels.engineering, topic: 'code review' }, 'Could someone review the queue refactor?', 1200);
  say(people.gina, { stream_id: channels.design, topic: 'new logo' }, 'Here are three options for the new logo.', 1100);
  say(m16, { stream_id: channels.design, topic: 'new logo' }, 'I like the second one best.', 1090);
  say(people.olivia, { stream_id: channels.leadership, topic: 'budget' }, 'Draft budget for next year is ready for review.', 900);
  say(people.adam, { stream_id: channels.leadership, topic: 'budget' }, 'Looks right to me.', 890);
  say(people.olivia, { stream_id: channels.oldProjects, topic: 'archive' }, 'Archiving this channel; everything here is finished.', 20_000);
  say(people.olivia, { user_ids: [people.adam] }, 'Can you handle the new hires this week?', 800);
  say(people.adam, { user_ids: [people.olivia] }, 'Yes, I will send the invitations today.', 790);
  say(people.mark, { user_ids: [people.gina] }, 'Welcome aboard! Ping me if you need anything.', 700);
  say(people.mark, { user_ids: [people.mona, people.gina] }, 'Group chat for the onboarding checklist.', 600);
}

function seedReports(
  db: Db,
  say: Say,
  notificationBot: number,
  people: Record<PersonKey, number>,
  members: number[],
  channels: Channels,
): void {
  const user = (id: number) => db.prepare('SELECT id, full_name FROM users WHERE id = ?').get(id) as Pick<UserRow, 'id' | 'full_name'>;
  const m13 = members[12] ?? people.mark;
  const spam = say(people.gina, { user_ids: [people.mark] }, 'Buy cheap followers now!!! http://spam.example', 500);
  const rude = say(m13, { stream_id: channels.general, topic: 'lunch plans' }, 'Nobody wants to eat with you people.', 450);
  const groupDm = say(people.gina, { user_ids: [people.mark, people.mona] }, 'You are all idiots.', 400);
  const reports: ReportInput[] = [
    { reporter: user(people.mark), reportedUser: user(people.gina), messageId: spam, where: { kind: 'dm' }, reportType: 'spam', description: '', content: 'Buy cheap followers now!!! http://spam.example' },
    {
      reporter: user(people.mona),
      reportedUser: user(m13),
      messageId: rude,
      where: { kind: 'channel', channelId: channels.general, channelName: 'general', topic: 'lunch plans' },
      reportType: 'harassment',
      description: 'Third time this week.',
      content: 'Nobody wants to eat with you people.',
    },
    {
      reporter: user(people.mona),
      reportedUser: user(people.gina),
      messageId: groupDm,
      where: { kind: 'group_dm', participants: [user(people.mark), user(people.mona), user(people.gina)] },
      reportType: 'other',
      description: 'Insulting the onboarding group.',
      content: 'You are all idiots.',
    },
  ];
  reports.forEach((report, index) => {
    say(notificationBot, { stream_id: channels.moderation, topic: reportTopic(report.reportedUser) }, reportContent(report), 300 - index * 10);
  });
}

function seedInvites(db: Db, people: Record<PersonKey, number>, now: number): void {
  const insert = db.prepare(
    `INSERT INTO invites (email, invited_by_user_id, invited, expiry_date, invited_as, stream_ids, last_sent)
     VALUES (?, ?, ?, ?, ?, '[]', ?)`,
  );
  const invited = now - 2 * DAY;
  insert.run(`new.hire@${EMAIL_DOMAIN}`, people.adam, invited, invited + 10 * DAY, 400, invited);
  insert.run('contractor@example.com', people.olivia, invited, null, 600, invited);
  insert.run(`design.candidate@${EMAIL_DOMAIN}`, people.mona, now - DAY, now + 9 * DAY, 400, now - DAY);
}
