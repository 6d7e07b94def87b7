// For the Users screen's tests: a realm the fake bridge serves like the core would (the users list,
// each change applied and answered with the changed user), and the app opened on this screen.
import { act, screen } from '@testing-library/react';
import type { Role } from '../../../../../shared/api/common';
import type { User } from '../../../../../shared/api/users';
import type { Account, ActivityEntry, Push } from '../../../../../shared/ipc';
import { App } from '../../../app/App';
import { useUi } from '../../../stores/ui';
import { installFakeBridge, renderWithQueries, type Answers } from '../../../testing/fake-bridge';
import { olivia, user } from '../../../testing/demo-samples';
import { useUsersUi } from '../users-ui';
import { EMPTY_SELECTION } from '../../../lists/selection';
import { NO_FILTERS } from '../user-index';
import { answerActivityQuery } from '../../../activity/testing/fake-activity';
import { giveListsASize } from '../../../testing/list-size';

// The scrolling lists of this screen get a screenful of height, as in a window.
giveListsASize('users-table', 'batch-list', 'activity-virtual');

/** The demo organization's people (docs/server.md), plus a few generated members. */
export function demoPeople(): User[] {
  return [
    user(1, 'Olivia Owner', 100),
    user(2, 'Adam Admin', 200),
    user(3, 'Mona Moderator', 300),
    user(4, 'Mark Member', 400),
    user(5, 'Gina Guest', 600),
    { ...user(6, 'Derek Departed', 400), is_active: false },
    { ...user(7, 'Echo Bot', 400), is_bot: true, bot_type: 3, email: 'echo-bot@sandbox.test', delivery_email: 'echo-bot@sandbox.test' },
    user(8, 'Anna Archer'),
    user(9, 'Ben Baker'),
    user(10, 'Cara Cole'),
    user(11, 'Dan Dorsey'),
    user(12, 'Eve Ellis'),
  ];
}

export interface TestRealm {
  users: Map<number, User>;
  push(push: Push): void;
  callsTo: ReturnType<typeof installFakeBridge>['callsTo'];
  /** Changes a user "on the server" and pushes realm.changed, as the core would after the event. */
  change(id: number, patch: Partial<User>): void;
}

export function withRole(person: User, role: Role): User {
  return { ...person, role, is_owner: role === 100, is_admin: role <= 200, is_guest: role === 600 };
}

/** The demo organization's custom profile fields. */
export const PROFILE_FIELDS = [
  { id: 1, name: 'Pronouns', type: 8, hint: '', field_data: '', order: 1 },
  { id: 2, name: 'Team', type: 1, hint: '', field_data: '', order: 2 },
];

export function openUsersScreen(options: { account?: Account; people?: User[]; answers?: Answers; activity?: ActivityEntry[] } = {}): TestRealm {
  const account = options.account ?? olivia;
  const users = new Map((options.people ?? demoPeople()).map((person) => [person.user_id, person]));
  const answer = (id: number, patch: (person: User) => User) => {
    const person = users.get(id);
    if (!person) return { error: { code: 'BAD_REQUEST', msg: 'No such user' } };
    const next = patch(person);
    users.set(id, next);
    return next;
  };
  const bridge = installFakeBridge({
    'accounts.list': () => [account],
    'session.status': () => ({ state: 'live', detail: null, retryAt: null, lastLiveAt: null }),
    'realm.users.list': () => [...users.values()],
    'realm.users.get': ({ ids }) => ids.flatMap((id) => users.get(id) ?? []),
    'realm.profileFields': () => PROFILE_FIELDS,
    'users.changeRole': ({ userId, role }) => answer(userId, (person) => withRole(person, role)),
    'users.rename': ({ userId, fullName }) => answer(userId, (person) => ({ ...person, full_name: fullName })),
    'users.deactivate': ({ userId }) => answer(userId, (person) => ({ ...person, is_active: false })),
    'users.reactivate': ({ userId }) => answer(userId, (person) => ({ ...person, is_active: true })),
    'activity.list': () => options.activity ?? [],
    'activity.query': answerActivityQuery(options.activity ?? []),
    'users.lastActive': () => ({ historyLimitDays: 365, seen: [] }),
    'users.access': ({ userId }) => ({ role: users.get(userId)?.role ?? 400, roleAllows: 'What the role allows.', groups: [], channels: [], organization: [] }),
    ...options.answers,
  });
  useUi.setState({ selectedAccount: null, connectOpen: false, screen: 'users' });
  useUsersUi.setState({ account: null, tab: 'users', filters: NO_FILTERS, selection: EMPTY_SELECTION, focused: null, opened: null, batch: null, sort: { key: 'name', descending: false } });
  renderWithQueries(<App />);
  return {
    users,
    push: (message) => act(() => bridge.push(message)),
    callsTo: bridge.callsTo,
    change(id, patch) {
      const person = users.get(id);
      const next = person ? { ...person, ...patch } : undefined;
      if (next) users.set(id, next);
      act(() => bridge.push({ kind: 'realm.changed', account: account.id, changes: [{ collection: 'users', ids: [id] }], records: { users: next ? [next] : [] } }));
    },
  };
}

/** The table's rows (without the header row), by the user's name as the first line of the name cell. */
export function shownNames(): string[] {
  return [...document.querySelectorAll('.users-table .vgrid-body [role="row"] .user-name')].map((element) => element.textContent ?? '');
}

export function row(name: string): HTMLElement {
  const found = [...document.querySelectorAll<HTMLElement>('.users-table .vgrid-body [role="row"]')].find((element) => element.querySelector('.user-name')?.textContent === name);
  if (!found) throw new Error(`No row for ${name}; shown: ${shownNames().join(', ')}`);
  return found;
}

export async function tableLoaded() {
  await screen.findByRole('grid', { name: 'Users' });
  await screen.findByText('Olivia Owner', { selector: '.user-name' });
}
