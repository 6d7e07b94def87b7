/** "chat.example.com": tells apart signed-in realms that have the same name. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * The signed-in accounts on organizations other than `current`'s: a second person's sign-in to the same
 * organization is the same realm, with the same defaults, so copying to it or comparing with it would
 * only repeat them. (Two sign-ins to another organization both stay: each says whether it may change it.)
 */
export function otherRealms<A extends { id: string; realmUrl: string }>(accounts: readonly A[], current: { id: string; realmUrl: string }): A[] {
  return accounts.filter((account) => account.id !== current.id && account.realmUrl !== current.realmUrl);
}
