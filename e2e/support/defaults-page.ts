// What the Default settings specs share: opening the screen, reading a realm's defaults straight from
// its server, a second console (another administrator's desk) and more sandbox realms for the core.
import type { Browser, Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Core } from '../../electron/core/core';
import type { ServerConfig } from '../../server/config';
import { startServer } from '../../server/start';
import { openConsoleAs } from './console-as';
import { expect } from './fixtures';
import { signInDirectly } from './realm-client';
import { startFaultProxy, type FaultProxy } from '../../shared/node/testing/fault-proxy';

export async function openDefaults(page: Page) {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Default settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Default settings' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Color scheme' })).toBeVisible();
}

/** The realm's defaults and feature level as its server reports them to another client. */
export async function defaultsOnServer(realmUrl: string, email = 'adam@sandbox.test'): Promise<{ values: Record<string, unknown>; featureLevel: unknown }> {
  const client = await signInDirectly(realmUrl, email);
  const reply = await client.request('POST', '/register', { fetch_event_types: ['realm_user_settings_defaults'] });
  await client.request('DELETE', '/events', { queue_id: reply.queue_id });
  return { values: reply.realm_user_settings_defaults as Record<string, unknown>, featureLevel: reply.zulip_feature_level };
}

export interface SecondConsole {
  page: Page;
  close(): Promise<void>;
}

/** Another administrator's desk: a console of its own (support/console-as.ts) in its own browser context. */
export async function secondConsole(browser: Browser, realmUrl: string, email: string): Promise<SecondConsole> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const opened = await openConsoleAs(page, realmUrl, email);
  return {
    page,
    async close() {
      await context.close();
      await opened.close();
    },
  };
}

export interface ExtraRealm {
  /** The address the console uses: through a proxy the test can cut. */
  readonly url: string;
  readonly directUrl: string;
  readonly proxy: FaultProxy;
  close(): Promise<void>;
}

/** Another sandbox server (another organization) for the test's core to sign in to. */
export async function extraRealm(config: Partial<ServerConfig> = {}): Promise<ExtraRealm> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-extra-realm-'));
  const server = await startServer({ port: 0, dataDir, seed: 'demo', config });
  const proxy = await startFaultProxy(Number(new URL(server.url).port));
  return {
    url: proxy.url,
    directUrl: server.url,
    proxy,
    async close() {
      await proxy.close();
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs the test's core in to another realm, through its channels, as the Connect screen would. */
export async function signCoreIn(core: Core, realmUrl: string, email: string): Promise<void> {
  const result = await core.router.handle('accounts.signInWithPassword', { realmUrl, email, password: 'sandbox' }, { origin: 'e2e', trusted: true });
  if (!result.ok) throw new Error(`could not sign in to ${realmUrl} as ${email}: ${result.error.msg}`);
}
