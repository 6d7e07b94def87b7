// Serves the built renderer from a custom app:// scheme, so the window never loads a remote URL and
// never needs file:// (whose pages can read any file). Every response carries the page's
// Content-Security-Policy as a header (page-policy.ts), beside index.html's meta tag.
import { net, protocol } from 'electron';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { appResponseHeaders, pagePolicyHeader } from './page-policy';

export const APP_SCHEME = 'app';
export const APP_HOST = 'console';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY = `${APP_ORIGIN}/index.html`;

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

export function serveRenderer(rendererDir: string): void {
  const root = path.resolve(rendererDir);
  const headers = appResponseHeaders(pagePolicyHeader(readIndex(root)));
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const relative = decodeURIComponent(url.pathname).replace(/^\/+/, '') || 'index.html';
    const file = path.resolve(root, relative);
    // Refuse anything that resolves outside the renderer folder (../ tricks, absolute paths).
    if (url.host !== APP_HOST || (file !== root && !file.startsWith(root + path.sep))) {
      return new Response('Not found', { status: 404, headers });
    }
    const response = await net.fetch(pathToFileURL(file).toString());
    const withPolicy = new Headers(response.headers);
    for (const [name, value] of Object.entries(headers)) withPolicy.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: withPolicy });
  });
}

function readIndex(root: string): string {
  try {
    return readFileSync(path.join(root, 'index.html'), 'utf8');
  } catch {
    // No page to serve: the header that lets nothing load is the one to send.
    return '';
  }
}
