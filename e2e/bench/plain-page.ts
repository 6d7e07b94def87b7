// A Chromium page driven over the DevTools protocol with nothing recording the network: for timing a
// first paint that waits on one large WebSocket frame. Playwright enables the protocol's Network domain
// on every page it drives, and with it Chromium copies each WebSocket frame into a protocol event: for
// the 44 MB users list of a 100,000-member realm, that copy kept the browser process busy for about
// 300 ms and held back the page's next timer and frame (measured 2026-11-27: 1.5 s to the first paint
// under Playwright, 0.8–1.0 s here). Neither Electron's IPC nor a browser without DevTools pays it.
// Only what the benchmarks need: open a page, run an expression in it, close.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { CHROMIUM_ARGS } from '../support/chromium';

interface ProtocolReply {
  id?: number;
  result?: unknown;
  error?: { message: string };
}

export class PlainPage {
  private next = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  private constructor(
    private readonly chrome: ChildProcess,
    private readonly profileDir: string,
    private readonly socket: WebSocket,
    private sessionId = '',
  ) {
    socket.on('message', (data) => {
      const reply = JSON.parse(String(data)) as ProtocolReply;
      const waiting = reply.id === undefined ? undefined : this.pending.get(reply.id);
      if (!waiting || reply.id === undefined) return;
      this.pending.delete(reply.id);
      if (reply.error) waiting.reject(new Error(reply.error.message));
      else waiting.resolve(reply.result);
    });
  }

  /** A headless Chromium (1440 × 900) with one page that runs `initScript` before any of its own. */
  static async open(executablePath: string, initScript: string): Promise<PlainPage> {
    const profileDir = mkdtempSync(path.join(tmpdir(), 'bench-plain-page-'));
    const chrome = spawn(executablePath, [...CHROMIUM_ARGS, '--headless=new', `--user-data-dir=${profileDir}`, '--remote-debugging-port=0', '--window-size=1440,900', 'about:blank'], {
      stdio: 'ignore',
      // Its own process group, so closing ends the helpers (renderer, GPU) with it.
      detached: true,
    });
    const address = await devToolsAddress(profileDir, chrome);
    const socket = new WebSocket(address, { maxPayload: 256 * 1024 * 1024 });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const page = new PlainPage(chrome, profileDir, socket);
    const { targetId } = (await page.send('Target.createTarget', { url: 'about:blank' })) as { targetId: string };
    page.sessionId = ((await page.send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string }).sessionId;
    await page.send('Page.enable');
    await page.send('Page.addScriptToEvaluateOnNewDocument', { source: initScript });
    return page;
  }

  async goto(url: string): Promise<void> {
    await this.send('Page.navigate', { url });
  }

  /** The value of `expression` in the page (awaited if it is a promise), as JSON carries it. */
  async evaluate<T>(expression: string): Promise<T> {
    const reply = (await this.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true })) as { result: { value: T }; exceptionDetails?: { text: string } };
    if (reply.exceptionDetails) throw new Error(`the page threw: ${reply.exceptionDetails.text}`);
    return reply.result.value;
  }

  /** Polls `expression` until it is truthy (every 20 ms, up to two minutes) and returns its value. */
  async waitFor<T>(expression: string): Promise<T> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const value = await this.evaluate<T>(expression);
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`the page never satisfied ${expression}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Clicks the first button whose accessible name (aria-label, else its text) is `name`, once there is one. */
  async clickButton(name: string): Promise<void> {
    await this.waitFor<boolean>(
      `(() => { const button = [...document.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim() === ${JSON.stringify(name)}); button?.click(); return Boolean(button); })()`,
    );
  }

  async close(): Promise<void> {
    this.socket.close();
    const exited = new Promise((resolve) => this.chrome.once('exit', resolve));
    if (this.chrome.pid !== undefined && this.chrome.exitCode === null) process.kill(-this.chrome.pid, 'SIGTERM');
    await exited;
    // A helper may still be writing its last file as the group goes.
    await rm(this.profileDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }

  private send(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ id, method, params, ...(this.sessionId ? { sessionId: this.sessionId } : {}) }));
    });
  }
}

/** The browser's DevTools WebSocket address, from the file Chromium writes once it listens. */
async function devToolsAddress(profileDir: string, chrome: ChildProcess): Promise<string> {
  const file = path.join(profileDir, 'DevToolsActivePort');
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (chrome.exitCode !== null) throw new Error(`Chromium exited (${String(chrome.exitCode)}) before listening for DevTools`);
    const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n') : [];
    if (lines[0] && lines[1]) return `ws://127.0.0.1:${lines[0]}${lines[1]}`;
    if (Date.now() > deadline) throw new Error('Chromium did not report its DevTools port within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
