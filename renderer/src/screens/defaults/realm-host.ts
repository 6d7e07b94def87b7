/** "chat.example.com": tells apart signed-in realms that have the same name. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
