// spec 4 on a demo database without HTTP: the events a change publishes (one per changed setting, in
// upstream's shape), and what an unchanged value does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { RealmUserSettingsDefaultsEvent } from '../../shared/api';
import { ManualClock, seconds } from '../clock';
import { DEFAULT_CONFIG } from '../config';
import type { ServerContext } from '../context';
import { openDatabase, type OpenedDb } from '../db/connection';
import { UPSTREAM_USER_SETTING_DEFAULTS } from '../db/user-settings';
import { activeUserIds, getUserByEmail, type UserRow } from '../db/users';
import { EventBus, type ServerEvent } from '../events/bus';
import { seededIds } from '../ids';
import { seedIfEmpty } from '../seed/index';
import { changedDefaults, readUserSettingsDefaults, updateUserSettingsDefaults } from './realm-defaults';

let dataDir: string;
let opened: OpenedDb;
let ctx: ServerContext;
let published: { recipients: readonly number[]; event: ServerEvent }[];

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'defaults-action-'));
  opened = openDatabase(dataDir);
  const clock = new ManualClock();
  const ids = seededIds(5);
  seedIfEmpty({ db: opened.db, ids, now: seconds(clock) }, 'demo');
  ctx = { db: opened.db, clock, ids, config: { ...DEFAULT_CONFIG }, events: new EventBus(), realmUrl: '' };
  published = [];
  ctx.events.subscribe((recipients, event) => published.push({ recipients, event }));
});

afterEach(() => {
  opened.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const adam = (): UserRow => getUserByEmail(ctx.db, 'adam@sandbox.test') as UserRow;

describe('realm user-settings defaults', () => {
  test('each changed setting is announced once, to every active user, in upstream shape', () => {
    updateUserSettingsDefaults(ctx, adam(), { color_scheme: 2, enter_sends: true, emojiset: 'text' });
    expect(published.map(({ event }) => event)).toEqual([
      { type: 'realm_user_settings_defaults', op: 'update', property: 'enter_sends', value: true },
      { type: 'realm_user_settings_defaults', op: 'update', property: 'color_scheme', value: 2 },
      { type: 'realm_user_settings_defaults', op: 'update', property: 'emojiset', value: 'text' },
    ]);
    for (const { recipients, event } of published) {
      RealmUserSettingsDefaultsEvent.parse({ id: 1, ...event });
      expect([...recipients].sort()).toEqual(activeUserIds(ctx.db).sort());
    }
  });

  test('a value equal to the current default is not a change and is not announced', () => {
    updateUserSettingsDefaults(ctx, adam(), { color_scheme: UPSTREAM_USER_SETTING_DEFAULTS.color_scheme as 1, enter_sends: true });
    expect(published.map(({ event }) => event.property)).toEqual(['enter_sends']);
  });

  test('the stored defaults are the new values with every other setting as it was', () => {
    updateUserSettingsDefaults(ctx, adam(), { web_home_view: 'all_messages' });
    expect(readUserSettingsDefaults(ctx.db)).toEqual({ ...UPSTREAM_USER_SETTING_DEFAULTS, web_home_view: 'all_messages' });
  });

  test('changedDefaults ignores absent parameters and names it does not know', () => {
    expect(changedDefaults({ ...UPSTREAM_USER_SETTING_DEFAULTS }, { enter_sends: undefined, made_up: true, twenty_four_hour_time: true })).toEqual([
      ['twenty_four_hour_time', true],
    ]);
  });
});
