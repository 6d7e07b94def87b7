/** "chat.example.com": tells apart signed-in realms that have the same name. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * The signed-in accounts on organizations other than `current`'s, one each: a second person's sign-in to
 * the same organization (or to one already listed) is the same realm, with the same defaults, so copying
 * to it or comparing with it would only repeat them.
 */
export function otherRealms<A extends { id: string; realmUrl: string }>(accounts: readonly A[], current: { id: string; realmUrl: string }): A[] {
  const seen = new Set([current.realmUrl]);
  return accounts.filter((account) => {
    if (account.id === current.id || seen.has(account.realmUrl)) return false;
    seen.add(account.realmUrl);
    return true;
  });
}
