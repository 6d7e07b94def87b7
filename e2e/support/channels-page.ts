// The Channels screen as the tests drive it: open it, find a row, open a channel in the editor, and read
// a channel as the server has it (GET /streams/{id}, as another administrator's client).
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import type { RealmClient } from './realm-client';

export async function openChannels(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Channels & folders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Channels & folders' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Channels' })).toBeVisible();
}

/** A row of the channel list, by the channel's name. */
export const channelRow = (page: Page, name: string): Locator =>
  page.getByRole('grid', { name: 'Channels' }).getByRole('row').filter({ has: page.locator('.channel-name', { hasText: new RegExp(`^#${name}(Archived)?$`) }) });

/** Opens the channel in the editor (searching for it first) and returns the editor. */
export async function openChannel(page: Page, name: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Search by name or description' }).fill(name);
  await channelRow(page, name).click();
  const editor = page.getByRole('complementary', { name: `#${name}` });
  await expect(editor).toBeVisible();
  return editor;
}

/** A section of the editor, by its heading. */
export const section = (editor: Locator, name: string): Locator => editor.getByRole('region', { name, exact: true });

/** Opens one permission of the editor and returns its region. */
export async function openPermission(editor: Locator, label: string): Promise<Locator> {
  await section(editor, 'Permissions').getByRole('button', { name: new RegExp(`^${label}`) }).click();
  const region = editor.getByRole('region', { name: label, exact: true });
  await expect(region).toBeVisible();
  return region;
}

export interface ServerChannel {
  stream_id: number;
  name: string;
  description: string;
  invite_only: boolean;
  history_public_to_subscribers: boolean;
  is_web_public: boolean;
  is_archived: boolean;
  message_retention_days: number | null;
  topics_policy: string;
  folder_id: number | null;
  creator_id: number | null;
  can_send_message_group: unknown;
  [setting: string]: unknown;
}

/** Every channel as an administrator's own client reads it (archived ones included, with is_default). */
export async function serverChannels(client: RealmClient): Promise<(ServerChannel & { is_default: boolean })[]> {
  const reply = await client.request('GET', '/streams', { include_all: true, exclude_archived: false, include_default: true });
  return reply.streams as (ServerChannel & { is_default: boolean })[];
}

export async function serverChannel(client: RealmClient, name: string): Promise<ServerChannel & { is_default: boolean }> {
  const found = (await serverChannels(client)).find((channel) => channel.name === name);
  if (!found) throw new Error(`no channel ${name} on the server`);
  return found;
}

/** The ID of a system or user group, by name ("role:moderators", "engineers"). */
export async function groupId(client: RealmClient, name: string): Promise<number> {
  const groups = (await client.request('GET', '/user_groups')).user_groups as { id: number; name: string }[];
  const found = groups.find((group) => group.name === name);
  if (!found) throw new Error(`no group ${name}`);
  return found.id;
}
