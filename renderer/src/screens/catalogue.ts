// The screens of the sidebar and what each one shows: the console's routing table. Adding a screen is
// adding its ID to screen-ids.ts (where it goes in the sidebar) and its entry here (the compiler asks
// for it); the sidebar lists it and the shell opens it. An entry without a `component` is a screen not
// built yet: the sidebar lists it and the shell says so (NotBuiltYet).
import type { ComponentType } from 'react';
import type { Account } from '../../../shared/ipc';
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
  /** One sentence on what the screen is for (shown while it is not built). */
  summary: string;
  /** Mounted afresh for each organization, so no state of one realm shows in another. */
  component?: ComponentType<ScreenProps>;
}

/** Every screen's entry, by ID: a screen missing here is a type error. */
const ENTRIES: { readonly [Id in ScreenId]: Omit<ScreenEntry, 'id'> } = {
  overview: { title: 'Overview', summary: 'The realm at a glance: users by role, channels, folders, invitations and reports.', component: OverviewScreen },
  users: { title: 'Users & roles', summary: 'Find anyone, and change roles one by one or in bulk.', component: UsersScreen },
  channels: { title: 'Channels & folders', summary: 'Channel permissions, folders and their order.' },
  defaults: { title: 'Default settings', summary: 'The settings every new member starts with.', component: DefaultsScreen },
  invitations: { title: 'Invitations', summary: 'Bulk invitation campaigns with a report per address.', component: InvitationsScreen },
  moderation: { title: 'Moderation', summary: 'A live inbox of reported messages.', component: ModerationScreen },
};

/** The screens in the sidebar's order. */
export const SCREENS: readonly ScreenEntry[] = SCREEN_IDS.map((id) => ({ id, ...ENTRIES[id] }));

export type { ScreenId };

/** The entry of a screen ID; the first screen for an ID no longer in the table (say, a renamed one). */
export function screenById(id: string): ScreenEntry {
  const known = SCREEN_IDS.find((each) => each === id) ?? SCREEN_IDS[0];
  return { id: known, ...ENTRIES[known] };
}
