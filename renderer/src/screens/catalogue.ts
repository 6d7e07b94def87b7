// The screens of the sidebar and what each one shows: the console's routing table. Adding a screen is
// adding its ID to screen-ids.ts (where it goes in the sidebar) and its entry here (the compiler asks
// for it); the sidebar lists it and the shell opens it.
import type { ComponentType } from 'react';
import type { Account } from '../../../shared/ipc';
import { ChannelsScreen } from './channels/ChannelsScreen';
import { DefaultsScreen } from './defaults/DefaultsScreen';
import { InvitationsScreen } from './invitations/InvitationsScreen';
import { ModerationScreen } from './moderation/ModerationScreen';
import { OverviewScreen } from './overview/OverviewScreen';
import { SCREEN_IDS, type ScreenId } from './screen-ids';
import { UsersScreen } from './users/UsersScreen';

/** What the shell gives every screen: the selected organization (null when none is). */
export interface ScreenProps {
  account: Account | null;
}

export interface ScreenEntry {
  id: ScreenId;
  /** The sidebar's label and the screen's heading. */
  title: string;
  /** Mounted afresh for each organization, so no state of one realm shows in another. */
  component: ComponentType<ScreenProps>;
}

/** Every screen's entry, by ID: a screen missing here is a type error. */
const ENTRIES: { readonly [Id in ScreenId]: Omit<ScreenEntry, 'id'> } = {
  overview: { title: 'Overview', component: OverviewScreen },
  users: { title: 'Users & roles', component: UsersScreen },
  channels: { title: 'Channels & folders', component: ChannelsScreen },
  defaults: { title: 'Default settings', component: DefaultsScreen },
  invitations: { title: 'Invitations', component: InvitationsScreen },
  moderation: { title: 'Moderation', component: ModerationScreen },
};

/** The screens in the sidebar's order. */
export const SCREENS: readonly ScreenEntry[] = SCREEN_IDS.map((id) => ({ id, ...ENTRIES[id] }));

export type { ScreenId };

/** The entry of a screen ID; the first screen for an ID no longer in the table (say, a renamed one). */
export function screenById(id: string): ScreenEntry {
  const known = SCREEN_IDS.find((each) => each === id) ?? SCREEN_IDS[0];
  return { id: known, ...ENTRIES[known] };
}
