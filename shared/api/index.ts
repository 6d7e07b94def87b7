// The whole API as code: every module's schemas, plus `endpoints` (every endpoint by name) and
// `specEndpoints` (the spec's numbered endpoints), for the client, the sandbox server and contract tests.
import type { Endpoint } from './envelope';
import { fetchApiKey } from './auth';
import { archiveChannel, getStream, getStreams, getTopics, updateChannel } from './channels';
import { createDrafts, deleteDraft, editDraft, getDrafts } from './drafts';
import { deleteEventQueue, getEvents } from './events';
import { createChannelFolder, getChannelFolders, reorderChannelFolders, updateChannelFolder } from './folders';
import { createUserGroup, getUserGroups, updateUserGroup, updateUserGroupMembers, updateUserGroupSubgroups } from './groups';
import { getInvites, resendInvite, revokeInvite, sendInvites } from './invites';
import { createLinkifier, deleteLinkifier, getLinkifiers, reorderLinkifiers, updateLinkifier } from './linkifiers';
import { deleteMessage, getMessages, markTopicAsRead, renderMessage, sendMessage } from './messages';
import { updatePresence } from './presence';
import { registerPushDevice } from './push';
import { updateRealmUserSettingsDefaults } from './realm-defaults';
import { register } from './register';
import { reportMessage } from './reports';
import { getServerSettings } from './server-settings';
import {
  createScheduledMessage,
  deleteScheduledMessage,
  editScheduledMessage,
  getScheduledMessages,
} from './scheduled';
import { updateSettings } from './settings';
import { createSavedSnippet, deleteSavedSnippet, editSavedSnippet, getSavedSnippets } from './snippets';
import { updateStatus } from './status';
import { getSubscribers, subscribe, unsubscribe } from './subscriptions';
import { setEditTypingStatus, setTypingStatus } from './typing';
import { uploadFile } from './uploads';
import { createUser, deactivateUser, getOwnUser, getUser, getUsers, reactivateUser, updateUser } from './users';

export * from './auth';
export * from './channels';
export * from './common';
export * from './drafts';
export * from './email-address';
export * from './envelope';
export * from './errors';
export * from './event-kinds-base';
export * from './events';
export * from './features';
export * from './folders';
export * from './groups';
export * from './invites';
export * from './linkifiers';
export * from './messages';
export * from './presence';
export * from './push';
export * from './realm-defaults';
export * from './realm-defaults-levels';
export * from './realm-defaults-usual';
export * from './register';
export * from './reports';
export * from './scheduled';
export * from './server-settings';
export * from './settings';
export * from './snippets';
export * from './status';
export * from './subscriptions';
export * from './typing';
export * from './uploads';
export * from './users';
export * from './webhooks';

/** Every endpoint in shared/api, spec and upstream, by name. */
export const endpoints = {
  // auth
  fetchApiKey,
  getServerSettings,
  // channels and folders
  updateChannel,
  getStreams,
  getStream,
  archiveChannel,
  subscribe,
  unsubscribe,
  getSubscribers,
  getTopics,
  createChannelFolder,
  getChannelFolders,
  updateChannelFolder,
  reorderChannelFolders,
  // drafts
  createDrafts,
  getDrafts,
  editDraft,
  deleteDraft,
  // events
  register,
  getEvents,
  deleteEventQueue,
  // groups
  getUserGroups,
  createUserGroup,
  updateUserGroup,
  updateUserGroupMembers,
  updateUserGroupSubgroups,
  // invitations
  sendInvites,
  getInvites,
  revokeInvite,
  resendInvite,
  // linkifiers (upstream)
  getLinkifiers,
  createLinkifier,
  updateLinkifier,
  deleteLinkifier,
  reorderLinkifiers,
  // messages
  getMessages,
  sendMessage,
  deleteMessage,
  markTopicAsRead,
  renderMessage,
  reportMessage,
  setTypingStatus,
  setEditTypingStatus,
  uploadFile,
  // scheduled messages
  editScheduledMessage,
  getScheduledMessages,
  createScheduledMessage,
  deleteScheduledMessage,
  // saved snippets
  createSavedSnippet,
  editSavedSnippet,
  getSavedSnippets,
  deleteSavedSnippet,
  // users, settings and devices
  getOwnUser,
  updateUser,
  getUsers,
  getUser,
  deactivateUser,
  reactivateUser,
  createUser,
  updateStatus,
  updateRealmUserSettingsDefaults,
  updateSettings,
  updatePresence,
  registerPushDevice,
} as const satisfies Record<string, Endpoint>;
export type EndpointName = keyof typeof endpoints;

/**
 * The spec's numbered endpoints. Number 22, the outgoing webhook, is a payload the service sends rather
 * than an endpoint it serves: it is `outgoingWebhook` (webhooks.ts), not listed here.
 */
export const specEndpoints = {
  1: setTypingStatus,
  2: setEditTypingStatus,
  3: updateChannel,
  4: updateRealmUserSettingsDefaults,
  5: editScheduledMessage,
  6: fetchApiKey,
  7: getMessages,
  8: createChannelFolder,
  9: sendInvites,
  10: updateStatus,
  11: createDrafts,
  12: updateUser,
  13: markTopicAsRead,
  14: registerPushDevice,
  15: getTopics,
  16: reportMessage,
  17: editSavedSnippet,
  18: createSavedSnippet,
  19: getOwnUser,
  20: renderMessage,
  21: register,
  23: uploadFile,
} as const satisfies Record<number, Endpoint>;
export type SpecEndpointNumber = keyof typeof specEndpoints;
