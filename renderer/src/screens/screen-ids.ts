// The screens' IDs, in the sidebar's order. They live apart from the routing table
// (screens/catalogue.ts), which imports every screen: screens and the UI store name screens by these
// IDs (to open one, filtered), and importing the table for its ID type would make an import cycle.
export const SCREEN_IDS = ['overview', 'users', 'channels', 'defaults', 'invitations', 'moderation'] as const;

export type ScreenId = (typeof SCREEN_IDS)[number];
