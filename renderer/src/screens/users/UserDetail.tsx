// The detail panel of one user: who they are, and the changes an administrator can make (role, full
// name, deactivation). It reads the user from the live list, so a change made anywhere shows here at
// once, in the facts and in every form (user-changes/); a user gone from the realm closes it with a note.
import type { ReactNode } from 'react';
import type { Account } from '../../../../shared/ipc';
import type { User } from '../../../../shared/api/users';
import { ROLE_NAMES } from '../../../../shared/domain/role-rules';
import { escapeCloses } from '../../components/escape-closes';
import { UnsavedEditsContext } from '../../components/unsaved-edits';
import { CloseButton } from '../../components/CloseButton';
import { useProfileFields } from '../../queries/realm';
import { RoleChange } from '../../user-changes/RoleChange';
import type { Actor } from '../../user-changes/role-options';
import { StatusChange } from '../../user-changes/StatusChange';
import { useUnsavedUserEdits } from '../../user-changes/unsaved-user-edits';
import { formatJoined } from './columns';
import { AccessSection } from './AccessSection';
import { LastSeenText } from './last-seen';
import { NameSection } from './NameSection';
import '../../components/detail-panel.css';
import './user-detail.css';

export interface UserDetailProps {
  account: Account;
  actor: Actor;
  user: User | undefined;
  /** The organization's users, live: the rules and the review of a role change count them. */
  people: readonly User[];
  onClose(): void;
}

const BOT_TYPES: Record<number, string> = { 1: 'generic bot', 2: 'incoming webhook', 3: 'outgoing webhook', 4: 'embedded bot' };

/** A bot's owner by name ("None" for a bot nobody owns, as system bots are). */
function botOwner(bot: User, people: readonly User[]): string {
  if (bot.bot_owner_id == null) return 'None';
  return people.find((person) => person.user_id === bot.bot_owner_id)?.full_name ?? `User ${String(bot.bot_owner_id)}`;
}

export function UserDetail({ account, actor, user, people, onClose }: UserDetailProps) {
  if (!user) {
    return (
      <aside className="panel detail-panel" aria-label="User details" onKeyDown={escapeCloses(onClose)}>
        <div className="section-head detail-head">
          <h2>User not found</h2>
          <CloseButton label="Close user details" onClose={onClose} />
        </div>
        <p className="muted">This user is no longer in the organization’s list.</p>
      </aside>
    );
  }
  return <FoundUser account={account} actor={actor} user={user} people={people} onClose={onClose} />;
}

function FoundUser({ account, actor, user, people, onClose }: UserDetailProps & { user: User }) {
  const unsaved = useUnsavedUserEdits(user.full_name);
  const self = user.user_id === actor.userId;
  return (
    <UnsavedEditsContext.Provider value={unsaved}>
      <aside className="panel detail-panel" aria-labelledby="user-detail-name" onKeyDown={escapeCloses(onClose)}>
        <div className="section-head detail-head">
          <h2 id="user-detail-name">
            {user.full_name}
            {self && <span className="muted"> (you)</span>}
          </h2>
          <CloseButton label="Close user details" onClose={onClose} />
        </div>
        <dl className="detail-facts">
          <Fact label="Role">{ROLE_NAMES[user.role]}</Fact>
          <Fact label="Status">{user.is_active ? 'Active' : 'Deactivated'}</Fact>
          <Fact label="Email">
            {user.delivery_email ?? (
              <>
                {user.email} <span className="muted">(the real address is hidden from your role)</span>
              </>
            )}
          </Fact>
          {user.delivery_email !== null && user.delivery_email !== user.email && <Fact label="Login email">{user.email}</Fact>}
          <Fact label="Joined">{formatJoined(user.date_joined)}</Fact>
          <Fact label="Last active">
            <LastSeenText user={user} />
          </Fact>
          <Fact label="Kind">{user.is_bot ? `Bot${user.bot_type ? ` (${BOT_TYPES[user.bot_type] ?? `type ${user.bot_type}`})` : ''}` : 'Human'}</Fact>
          {/* Its owner's deactivation deactivates it, and its settings are the owner's to change. */}
          {user.is_bot && <Fact label="Owner">{botOwner(user, people)}</Fact>}
          {user.timezone && <Fact label="Time zone">{user.timezone}</Fact>}
          <Fact label="User ID">{user.user_id}</Fact>
        </dl>
        <ProfileData account={account.id} user={user} />
        <RoleChange account={account} actor={actor} user={user} people={people} />
        <NameSection account={account} actor={actor} user={user} />
        <StatusChange account={account} actor={actor} user={user} people={people} />
        <AccessSection account={account.id} user={user} />
      </aside>
    </UnsavedEditsContext.Provider>
  );
}


function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * Custom profile fields, named and in the organization's order (register's custom_profile_fields). A
 * value whose field the console does not know (yet, or any more) is still shown, by its field's ID.
 */
function ProfileData({ account, user }: { account: string; user: User }) {
  const fields = useProfileFields(account);
  if (user.is_bot) return null;
  const values = user.profile_data ?? {};
  const known = (fields.data ?? []).flatMap((field) => {
    const entry = values[String(field.id)];
    return entry ? [{ id: String(field.id), label: field.name, value: entry.value }] : [];
  });
  const knownIds = new Set(known.map((entry) => entry.id));
  const unknown = Object.entries(values)
    .filter(([id]) => !knownIds.has(id))
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([id, entry]) => ({ id, label: `Field ${id}`, value: entry.value }));
  const shown = [...known, ...unknown];
  return (
    <section className="panel-section" aria-labelledby="user-detail-profile">
      <h3 id="user-detail-profile" className="section-label">Profile</h3>
      {shown.length === 0 ? (
        <p className="muted">No custom profile fields filled in.</p>
      ) : (
        <dl className="detail-facts">
          {shown.map((entry) => (
            <Fact key={entry.id} label={entry.label}>
              {entry.value}
            </Fact>
          ))}
        </dl>
      )}
    </section>
  );
}
