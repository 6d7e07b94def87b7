// The app:// page's Content-Security-Policy as a response header too, not only index.html's meta tag:
// a header applies before any byte of the page is read, and can say what a meta tag cannot
// (frame-ancestors). The policy itself is written once, in renderer/index.html; this reads it there.
// Kept free of Electron so it is tested under Node.
const META = /<meta\s+http-equiv=["']Content-Security-Policy["']\s+content=(["'])(.*?)\1/is;

/** When the page has no policy (a broken build), nothing may load rather than everything. */
const LOCKED = "default-src 'none'";

export function pagePolicyHeader(indexHtml: string): string {
  const policy = META.exec(indexHtml)?.[2]?.replace(/\s+/g, ' ').trim() || LOCKED;
  return `${policy.replace(/;\s*$/, '')}; frame-ancestors 'none'`;
}

/** Headers every app:// response carries. */
export function appResponseHeaders(policy: string): Record<string, string> {
  return { 'Content-Security-Policy': policy, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };
}
