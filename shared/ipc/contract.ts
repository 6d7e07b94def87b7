// The IPC contract: every channel the renderer may call, with its input and output schemas. Main
// registers a handler for each (a missing one is a type error); the preload exposes these names only.
import type { z } from 'zod';
import { accountChannels } from './accounts';
import { activityChannels } from './activity';
import { defaultsChannels } from './defaults';
import { channelChannels } from './channels';
import { channelFolderChannels } from './channel-folders';
import { channelMoveChannels } from './channel-moves';
import { bulkSubscriberChannels, channelSubscriberChannels } from './channel-subscribers';
import { diagnosticsChannels } from './diagnostics';
import { invitationChannels } from './invitations';
import { moderationChannels } from './moderation';
import { networkChannels } from './network';
import { appChannels } from './app';
import { realmChannels } from './realm';
import { userChannels } from './users';

export interface ChannelSchema {
  readonly input: z.ZodType;
  readonly output: z.ZodType;
}

export const contract = {
  ...appChannels,
  ...accountChannels,
  ...realmChannels,
  ...userChannels,
  ...channelChannels,
  ...channelFolderChannels,
  ...channelMoveChannels,
  ...channelSubscriberChannels,
  ...bulkSubscriberChannels,
  ...activityChannels,
  ...invitationChannels,
  ...moderationChannels,
  ...defaultsChannels,
  ...networkChannels,
  ...diagnosticsChannels,
} as const satisfies Record<string, ChannelSchema>;

export type Contract = typeof contract;
export type ChannelName = keyof Contract;
/** What the renderer passes (before defaults are applied). */
export type ChannelInput<K extends ChannelName> = z.input<Contract[K]['input']>;
/** What the renderer receives. */
export type ChannelOutput<K extends ChannelName> = z.output<Contract[K]['output']>;

export const CHANNEL_NAMES = Object.keys(contract) as ChannelName[];

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.hasOwn(contract, name);
}
