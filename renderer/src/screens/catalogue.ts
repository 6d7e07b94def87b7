// The screens of the sidebar, in order, and what each one shows: the console's routing table. Adding
// a screen is adding one entry here; the sidebar lists it and the shell opens it. An entry without a
// `component` is a screen not built yet: the sidebar lists it and the shell says so (NotBuiltYet).
import type { ComponentType } from 'react';
import type { Account } from '../../../shared/ipc';
import { ChannelsScreen } from './channels/ChannelsScreen';
import { InvitationsScreen } from './invitations/InvitationsScreen';
import { ModerationScreen } from './moderation/ModerationScreen';
import { OverviewScreen } from './overview/OverviewScreen';
import { UsersScreen } from './users/UsersScreen';

/** What the shell gives every screen: the selected organization (null when none is). */
export interface ScreenProps {
  account: Account | null;
}

export interface ScreenEntry {
  id: string;
  /** The sidebar's label and the screen's heading. */
  title: string;
  /** One sentence on what the screen is for (shown while it is not built). */
  summary: string;
  /** Mounted afresh for each organization, so no state of one realm shows in another. */
  component?: ComponentType<ScreenProps>;
}

export const SCREENS = [
  { id: 'overview', title: 'Overview', summary: 'The realm at a glance: users by role, channels, folders, invitations and reports.', component: OverviewScreen },
  { id: 'users', title: 'Users & roles', summary: 'Find anyone, and change roles one by one or in bulk.', component: UsersScreen },
  { id: 'channels', title: 'Channels & folders', summary: 'Channel permissions, folders and their order.', component: ChannelsScreen },
  { id: 'defaults', title: 'Default settings', summary: 'The settings every new member starts with.' },
  { id: 'invitations', title: 'Invitations', summary: 'Bulk invitation campaigns with a report per address.', component: InvitationsScreen },
  { id: 'moderation', title: 'Moderation', summary: 'A live inbox of reported messages.', component: ModerationScreen },
] as const satisfies readonly ScreenEntry[];

export type ScreenId = (typeof SCREENS)[number]['id'];

/** The entry of a screen ID; the first screen for an ID no longer in the table (say, a renamed one). */
export function screenById(id: string): ScreenEntry {
  return SCREENS.find((screen) => screen.id === id) ?? SCREENS[0];
}
