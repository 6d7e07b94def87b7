// Every channel's handler, in one map typed over the contract: a channel without a handler does not compile.
import type { Handlers } from '../router';
import { importZuliprc, listAccounts, signInWithApiKey, signInWithPassword, signOut, type AccountsContext } from './accounts';
import { activityHandlers, type ActivityContext } from './activity';
import { appInfo, type AppContext } from './app';
import { channelHandlers, type ChannelsContext } from './channels';
import { channelFolderHandlers, type ChannelFoldersContext } from './channel-folders';
import { channelMoveHandlers, type ChannelMovesContext } from './channel-moves';
import { channelSubscriberHandlers, type ChannelSubscribersContext } from './channel-subscribers';
import { subscriberJobHandlers, type SubscriberJobsContext } from './subscriber-jobs';
import { defaultsHandlers, type DefaultsContext } from './defaults';
import { diagnosticsHandlers, type DiagnosticsContext } from './diagnostics';
import { invitationHandlers, type InvitationsContext } from './invitations';
import { moderationHandlers, type ModerationContext } from './moderation';
import { networkHandlers, type NetworkContext } from './network';
import { getUsers, listUsers, overview, profileFields, reconnect, sessionStatus, type RealmContext } from './realm';
import { userHandlers, type UsersContext } from './users';

export type CoreContext = AppContext &
  AccountsContext &
  RealmContext &
  UsersContext &
  ChannelsContext &
  ChannelFoldersContext &
  ChannelMovesContext &
  ChannelSubscribersContext &
  SubscriberJobsContext &
  ActivityContext &
  InvitationsContext &
  ModerationContext &
  DefaultsContext &
  NetworkContext &
  DiagnosticsContext;

export const handlers: Handlers<CoreContext> = {
  'app.info': appInfo,
  'accounts.list': listAccounts,
  'accounts.signInWithPassword': signInWithPassword,
  'accounts.signInWithApiKey': signInWithApiKey,
  'accounts.importZuliprc': importZuliprc,
  'accounts.signOut': signOut,
  'session.status': sessionStatus,
  'session.reconnect': reconnect,
  'realm.overview': overview,
  'realm.users.list': listUsers,
  'realm.users.get': getUsers,
  'realm.profileFields': profileFields,
  ...userHandlers,
  ...channelHandlers,
  ...channelFolderHandlers,
  ...channelMoveHandlers,
  ...channelSubscriberHandlers,
  ...subscriberJobHandlers,
  ...activityHandlers,
  ...invitationHandlers,
  ...moderationHandlers,
  ...defaultsHandlers,
  ...networkHandlers,
  ...diagnosticsHandlers,
};
