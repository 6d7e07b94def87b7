// The screens' IDs, in the sidebar's order: what the UI store (stores/ui.ts) may open. They live apart
// from the routing table (catalogue.ts), which imports every screen, because the screens import the
// UI store: the store importing the table would close a circle.
export const SCREEN_IDS = ['overview', 'users', 'channels', 'defaults', 'invitations', 'moderation'] as const;

export type ScreenId = (typeof SCREEN_IDS)[number];
