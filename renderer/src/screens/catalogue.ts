// The screens of the sidebar, in order. `ready` turns true as each screen's issue lands.
export const SCREENS = [
  { id: 'overview', title: 'Overview', summary: 'The realm at a glance: users by role, channels, folders, invitations and reports.' },
  { id: 'users', title: 'Users & roles', summary: 'Find anyone, and change roles one by one or in bulk.' },
  { id: 'channels', title: 'Channels & folders', summary: 'Channel permissions, folders and their order.' },
  { id: 'defaults', title: 'Default settings', summary: 'The settings every new member starts with.' },
  { id: 'invitations', title: 'Invitations', summary: 'Bulk invitation campaigns with a report per address.' },
  { id: 'moderation', title: 'Moderation', summary: 'A live inbox of reported messages.' },
] as const;

export type ScreenId = (typeof SCREENS)[number]['id'];
