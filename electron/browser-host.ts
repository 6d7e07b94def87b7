// Browser mode: serves the built renderer and carries the same contract the Electron window uses over
// a WebSocket, for machines without an Electron runtime (and fast UI work). It listens on 127.0.0.1
// only, and only the browser that opened the one-time link `npm start` printed gets in: the token
// becomes an HttpOnly session cookie, and the WebSocket also checks the Origin, so another web page
// open in the same browser cannot drive the core. What it refuses goes to the core's log, by path
// only: the token is registered with the log as a secret, and no query string is ever written.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { Core } from './core/core';
import { HostAccess } from './browser-host/access';
import { NOTICE_POLICY, NOTICE_STYLESHEET, NOTICE_STYLESHEET_PATH, noticePage, noticeText, type Notice } from './browser-host/notice-page';
import { MAX_FRAME_BYTES } from '../shared/ipc';
import { serveSocket } from './browser-host/socket-bridge';
import { readStaticFile } from './browser-host/static-files';

/** Where the page finds the bridge; the host names it in a meta tag so the renderer need not guess. */
export const BRIDGE_PATH = '/bridge';
/** The renderer looks for this meta tag to know a browser host served it (renderer/src/bridge/bridge.ts). */
export const HOST_META_NAME = 'realm-console-host';

export interface BrowserHostOptions {
  core: Core;
  /** The built renderer: dist/renderer. */
  rendererDir: string;
  /** 0 or omitted: any free port. */
  port?: number;
}

export interface BrowserHost {
  /** The address to open, with the one-time token. */
  readonly url: string;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const server = createServer();
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${HOST}:${port}`;
  const access = new HostAccess(port);
  const { log } = options.core;
  log.addSecret(access.token);
  log.info('browser host started', { origin });
  const linkNeeded: Notice = {
    title: 'Open Realm Console with the link `npm start` printed',
    paragraphs: [
      `This address serves Realm Console only to the browser that opened the link \`npm start\` printed in its terminal (\`${origin}/?token=…\`).`,
      'That link works once. If it was used already, or this is another browser, stop `npm start` (Ctrl-C in its terminal) and run it again: it prints a new link.',
    ],
  };
  const linkUsed: Notice = {
    title: 'This link was used already',
    paragraphs: [
      'Each link `npm start` prints opens Realm Console once, in one browser. After that it stops working, so that no other page or program on this computer can use the console.',
      'To open the console here, stop `npm start` (Ctrl-C in its terminal), run it again, and open the new link it prints.',
    ],
  };
  const refusal = noticeText(linkNeeded);

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    void serveRequest(request, response).catch(() => {
      if (!response.headersSent) plain(response, 500, 'Realm Console: the browser host failed to read the page. See the terminal running `npm start`.\n');
      else response.destroy();
    });
  });

  async function serveRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.headers.host !== `${HOST}:${port}`) return plain(response, 401, refusal);
    const url = new URL(request.url ?? '/', origin);
    // The notice pages' look, for anyone: it holds nothing but colours.
    if (url.pathname === NOTICE_STYLESHEET_PATH && (request.method === 'GET' || request.method === 'HEAD')) return stylesheet(request, response);
    const token = url.searchParams.get('token');
    if (token !== null && (url.pathname === '/' || url.pathname === '/index.html')) {
      const cookie = access.redeem(token);
      // Opening the printed link again in a browser that is already in is harmless: just go to the page.
      if (!cookie && !access.hasSession(request)) {
        log.warn('browser host refused a link', { path: url.pathname, message: 'A link with a wrong or used token was opened.' });
        return refuse(request, response, linkUsed);
      }
      if (cookie) log.info('browser host opened', { path: url.pathname });
      // Redirect at once, so the token leaves the address bar and the history.
      response.writeHead(303, { Location: '/', 'Cache-Control': 'no-store', ...(cookie ? { 'Set-Cookie': cookie } : {}), ...COMMON_HEADERS });
      response.end();
      return;
    }
    if (!access.hasSession(request)) {
      log.info('browser host refused a request without a session', { method: request.method, path: url.pathname, status: 401 });
      return refuse(request, response, linkNeeded);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(response, 405, 'Realm Console: the browser host serves GET requests only.\n', { Allow: 'GET, HEAD' });
    if (url.pathname === BRIDGE_PATH) return plain(response, 426, 'Realm Console: this address is the WebSocket bridge.\n', { Upgrade: 'websocket' });
    const file = await readStaticFile(options.rendererDir, url.pathname);
    if (!file) return plain(response, 404, 'Realm Console: no such file.\n');
    const isPage = file.name === 'index.html';
    const body = isPage ? injectHostMeta(file.body) : file.body;
    response.writeHead(200, {
      'Content-Type': file.contentType,
      'Content-Length': body.length,
      // The page's policy, as the header a browser enforces beside index.html's own meta tag.
      ...(isPage ? { 'Content-Security-Policy': contentSecurityPolicy(port) } : {}),
      'Cache-Control': isPage ? 'no-store' : 'no-cache',
      ...COMMON_HEADERS,
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  }

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    const pathname = new URL(request.url ?? '/', origin).pathname;
    if (request.headers.host !== `${HOST}:${port}` || pathname !== BRIDGE_PATH || !access.hasSession(request)) {
      log.info('browser host refused a bridge connection without a session', { path: pathname, status: 401 });
      return refuseUpgrade(socket, 401, refusal);
    }
    // Browsers always send Origin on a WebSocket handshake; a page from anywhere else is refused even
    // though the browser would attach our cookie (SameSite does not cover cross-port loopback pages).
    if (request.headers.origin !== origin) {
      log.warn('browser host refused a bridge connection from another page', { origin: String(request.headers.origin ?? 'none').slice(0, 200), status: 403, message: 'Another page tried to use the console bridge.' });
      return refuseUpgrade(socket, 403, 'Realm Console: the bridge accepts connections from the console page only.\n');
    }
    sockets.handleUpgrade(request, socket, head, (ws) => serveSocket(ws, options.core, { origin, trusted: true }));
  });

  return {
    url: `${origin}/?token=${access.token}`,
    async close() {
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export function contentSecurityPolicy(port: number): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ws://${HOST}:${port}`,
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Tells the renderer it was served by this host, and where the bridge is. */
function injectHostMeta(page: Buffer): Buffer {
  const html = page.toString('utf8');
  const meta = `<meta name="${HOST_META_NAME}" content="${BRIDGE_PATH}" />`;
  const at = html.search(/<head[^>]*>/i);
  if (at < 0) return Buffer.from(meta + html);
  const end = html.indexOf('>', at) + 1;
  return Buffer.from(html.slice(0, end) + meta + html.slice(end));
}

/** A 401 in words: a page styled like the app for a browser asking for a page, plain text for the rest. */
function refuse(request: IncomingMessage, response: ServerResponse, notice: Notice): void {
  const url = request.url ?? '/';
  const wantsPage = request.headers.accept?.includes('text/html') || url === '/' || url.startsWith('/?') || url.startsWith('/index.html');
  if (!wantsPage) return plain(response, 401, noticeText(notice));
  const body = Buffer.from(noticePage(notice));
  response.writeHead(401, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': body.length,
    'Content-Security-Policy': NOTICE_POLICY,
    'Cache-Control': 'no-store',
    ...COMMON_HEADERS,
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}

function stylesheet(request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(200, { 'Content-Type': 'text/css; charset=utf-8', 'Content-Length': NOTICE_STYLESHEET.length, 'Cache-Control': 'no-cache', ...COMMON_HEADERS });
  response.end(request.method === 'HEAD' ? undefined : NOTICE_STYLESHEET);
}

function plain(response: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers, ...COMMON_HEADERS });
  response.end(text);
}

function refuseUpgrade(socket: Duplex, status: 401 | 403, text: string): void {
  const reason = status === 401 ? 'Unauthorized' : 'Forbidden';
  const body = Buffer.from(text);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${text}`,
  );
}
