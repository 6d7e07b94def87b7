// What the Channels screen's rules read, indexed once per version of the data: the groups (to resolve
// group settings to people), the people and folders by ID, the signed-in user, and the organization's
// channel settings. The core checks every change with the same shared/domain rules.
import { useMemo } from 'react';
import type { ChannelFolder } from '../../../../../shared/api/folders';
import type { User } from '../../../../../shared/api/users';
import type { ChannelActor } from '../../../../../shared/domain/channel-admin';
import { indexGroups, type GroupIndex } from '../../../../../shared/domain/channel-groups';
import type { RealmChannelPolicy } from '../../../../../shared/domain/channel-permissions';
import type { Account, ChannelContext, ChannelEntry } from '../../../../../shared/ipc';

export interface RulesContext {
  index: GroupIndex;
  people: ReadonlyMap<number, User>;
  folders: ReadonlyMap<number, ChannelFolder>;
  actor: ChannelActor;
  policy: RealmChannelPolicy;
  realmName: string;
}

export function useRulesContext(context: ChannelContext, users: readonly User[]): RulesContext {
  const index = useMemo(() => indexGroups(context.groups), [context.groups]);
  const people = useMemo(() => new Map(users.map((user) => [user.user_id, user])), [users]);
  const folders = useMemo(() => new Map(context.folders.map((folder) => [folder.id, folder])), [context.folders]);
  return useMemo(
    () => ({ index, people, folders, actor: { userId: context.ownUserId, role: context.ownRole }, policy: context.policy, realmName: context.realmName }),
    [index, people, folders, context.ownUserId, context.ownRole, context.policy, context.realmName],
  );
}

/** What every section of the channel editor is given. */
export interface SectionProps {
  account: Account;
  entry: ChannelEntry;
  context: ChannelContext;
  rules: RulesContext;
  /** Why the signed-in user may not change this channel at all; null when they may. */
  locked: string | null;
}
