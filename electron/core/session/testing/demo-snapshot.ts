// A realistic realm state for the reducer's tests: the sandbox demo seed's POST /register reply (with
// the session's own parameters), its pending invitations and its report IDs, as Olivia Owner saw them.
// Captured by capture-demo-snapshot.ts; run it again when the sandbox's demo seed or replies change.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Invite, RegisterReply } from '../../../../shared/api';
import { parseEvent, type Event } from '../../../../shared/api';
import { realmStateFromRegister, withInvitations, withReports, type RealmState } from '../realm-state';
import { applyEvent } from '../reducer';

interface Fixture {
  register: unknown;
  invites: unknown[];
  reportIds: number[];
}

const fixture = JSON.parse(readFileSync(path.join(import.meta.dirname, 'demo-olivia.json'), 'utf8')) as Fixture;

/** The demo seed's IDs the tests name. */
export const DEMO = {
  users: { notifyBot: 1, olivia: 2, adam: 3, mona: 4, mark: 5, gina: 6, derek: 7, kemi: 8, echoBot: 48 },
  channels: { general: 1, announcements: 2, engineering: 3, design: 4, leadership: 5, moderation: 6, oldProjects: 7 },
  folders: { teams: 1, social: 2 },
  groups: { owners: 2, administrators: 3, moderators: 4, fullMembers: 5, members: 6, engineers: 9, designers: 10 },
  reports: [27, 28, 29],
} as const;

/** The register reply as the session receives it (parsed, upstream names filled in). */
export function demoRegisterReply(): RegisterReply {
  return RegisterReply.parse(fixture.register);
}

/** Olivia's state right after connecting: the snapshot, three invitations, three reports. */
export function demoState(): RealmState {
  const state = realmStateFromRegister(demoRegisterReply());
  return withReports(withInvitations(state, { scope: 'all', invites: fixture.invites.map((invite) => Invite.parse(invite)) }), new Set(fixture.reportIds));
}

let nextEventId = 100;

/** An event as the queue delivers it, checked the way the session checks it (so its shape is real). */
export function event(raw: Record<string, unknown>): Event {
  const parsed = parseEvent({ id: nextEventId++, ...raw });
  if (!parsed.success) throw new Error(`not a valid event: ${parsed.error.message}`);
  if (parsed.data.kind !== 'known') throw new Error(`not an event kind the console knows: ${String(raw.type)}`);
  return parsed.data.event;
}

/** Applies one raw event to a state. */
export function apply(state: RealmState, raw: Record<string, unknown>) {
  return applyEvent(state, event(raw));
}
