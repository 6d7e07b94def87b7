// Query keys. Everything about one account sits under ['account', id], so a resync or a sign-out
// reaches all of that account's caches with one prefix.
export const queryKeys = {
  accounts: ['accounts'] as const,
  account: (account: string) => ['account', account] as const,
  status: (account: string) => ['account', account, 'session.status'] as const,
  overview: (account: string) => ['account', account, 'realm.overview'] as const,
  users: (account: string) => ['account', account, 'realm.users'] as const,
  profileFields: (account: string) => ['account', account, 'realm.profileFields'] as const,
  /** A long job (bulk role change, campaign): its latest `job.progress` push, and its results as its screen reads them. */
  jobProgress: (account: string, job: string) => ['account', account, 'job', job, 'progress'] as const,
  jobResults: (account: string, job: string) => ['account', account, 'job', job, 'results'] as const,
};
