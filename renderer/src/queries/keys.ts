// Query keys. Everything about one account sits under ['account', id], so a resync or a sign-out
// reaches all of that account's caches with one prefix.
export const queryKeys = {
  accounts: ['accounts'] as const,
  account: (account: string) => ['account', account] as const,
  status: (account: string) => ['account', account, 'session.status'] as const,
  overview: (account: string) => ['account', account, 'realm.overview'] as const,
  users: (account: string) => ['account', account, 'realm.users'] as const,
};
