// Which links the console may hand to the system browser: http(s) only, and never one that hides
// credentials in the address (`https://bank.example@evil.example/`), which is a phishing trick.
// Kept free of Electron so it can be tested under Node.
const MAX_LINK_LENGTH = 2048;

/** The link to open (normalized), or null when it must not leave the app. */
export function externalLinkTarget(raw: string): string | null {
  if (raw.length > MAX_LINK_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return url.href;
}
