// A seeded organization in this process, without HTTP, for the action tests: they call actions on its
// ServerContext and check what they publish on the event bus, which a client cannot observe over HTTP
// yet. Each realm lives in its own temporary data directory, so tests never share a database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { ManualClock, seconds } from '../lib/clock';
import { DEFAULT_CONFIG, type SeedName, type ServerConfig } from '../config';
import type { ServerContext } from '../context';
import { openDatabase } from '../db/connection';
import { activeUserIds, getUserByEmail, type UserRow } from '../db/users';
import { ACTIVE_USERS, EventBus, type ServerEvent } from '../events/bus';
import { seededIds, type IdSource } from '../lib/ids';
import { seedIfEmpty } from '../seed/index';
import { openBetweenHooks } from './between-hooks';

/** One publish on the realm's event bus: the event and the users it goes to. */
export interface PublishedEvent {
  recipients: readonly number[];
  event: ServerEvent;
}

export interface DemoRealm {
  readonly ctx: ServerContext;
  /** Every event published since the realm opened, oldest first. Tests empty it with `length = 0`
   * (not by assigning a new array), because the realm keeps appending to this one. */
  readonly published: PublishedEvent[];
  /** A seeded account by the part of its address before @sandbox.test: 'mark', 'echo-bot'. */
  user(name: string): UserRow;
  /** Closes the database and removes the data directory. */
  close(): void;
}

export interface DemoRealmOptions {
  seed?: SeedName;
  /** Options over DEFAULT_CONFIG; the realm gets its own copy, so a test may change it freely. */
  config?: Partial<ServerConfig>;
  /** Where API keys and other tokens come from; by default a fixed seed, so runs repeat exactly. */
  ids?: IdSource;
}

/** Opens a fresh realm (the demo seed unless told otherwise) on a ManualClock. */
export function openDemoRealm(options: DemoRealmOptions = {}): DemoRealm {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-in-process-'));
  const opened = openDatabase(dataDir);
  const clock = new ManualClock();
  const ids = options.ids ?? seededIds(7);
  seedIfEmpty({ db: opened.db, ids, now: seconds(clock) }, options.seed ?? 'demo');
  // No realmUrl: nothing listens.
  const ctx: ServerContext = { db: opened.db, clock, ids, config: { ...DEFAULT_CONFIG, ...options.config }, events: new EventBus(), dataDir, realmUrl: '' };
  const published: PublishedEvent[] = [];
  // Every active user is named as of the publish, so tests see exactly who the event was for.
  ctx.events.subscribe((recipients, event) => published.push({ recipients: recipients === ACTIVE_USERS ? activeUserIds(ctx.db) : recipients, event }));
  return {
    ctx,
    published,
    user(name) {
      const row = getUserByEmail(ctx.db, `${name}@sandbox.test`);
      if (!row) throw new Error(`no demo user ${name}`);
      return row;
    },
    close() {
      opened.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh realm for every test of the file (or describe block): opened before each, closed after it. */
export const demoRealmForEachTest = (options: DemoRealmOptions = {}): DemoRealm =>
  openBetweenHooks(beforeEach, afterEach, () => openDemoRealm(options), (realm) => realm.close());

/** One realm for all the tests of the file (or describe block): opened before them, closed after. */
export const demoRealmForFile = (options: DemoRealmOptions = {}): DemoRealm =>
  openBetweenHooks(beforeAll, afterAll, () => openDemoRealm(options), (realm) => realm.close());
