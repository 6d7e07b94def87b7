// The reliability matrix's rows for default settings (electron/core/testing/matrix-row.ts): saving an
// edit (defaults.save) and copying a setting to another realm (defaults.copy.*). The server's word is
// a register of its defaults, straight to it; "exactly once" counts the setting's events another
// client's queue received, and the PATCH requests that reached the server.
import { expect } from 'vitest';
import { updateRealmUserSettingsDefaults } from '../../../../shared/api';
import type { DefaultsCopy, DefaultsSaveResult, DefaultsView, IpcResult } from '../../../../shared/ipc';
import type { FaultConsole, FaultRealm } from '../../testing/fault-harness';
import { expectWords, row, until, type Told } from '../../testing/matrix-row';
import { defaultsOnServer } from '../defaults-fate';

/** A setting every server level reports, flipped by each scenario. */
const NAME = 'twenty_four_hour_time';
const WRITES = { method: 'PATCH', path: '/api/v1/realm/user_settings_defaults' };

const onServer = async (realm: FaultRealm) => (await defaultsOnServer(realm.direct))[NAME];

async function consoleShows(h: FaultConsole, realm: FaultRealm, value: boolean): Promise<void> {
  await until(async () => (await h.value<DefaultsView>('defaults.get', { account: realm.accountId })).values[NAME] === value, `the console to show ${NAME} ${value}`);
}

function patchesReaching(realm: FaultRealm, fromLog: number): number {
  return realm.proxy.log.slice(fromLog).filter((request) => request.forwarded && request.method === 'PATCH' && request.path === WRITES.path).length;
}

async function expectSetting(realm: FaultRealm, value: boolean, changes: number, since: number): Promise<void> {
  expect(await onServer(realm)).toBe(value);
  expect(realm.watch.settingChanges(NAME, since)).toBe(changes);
}

interface SaveSubject {
  from: boolean;
  to: boolean;
  fromLog: number;
}

async function save(h: FaultConsole, { from, to }: SaveSubject): Promise<Told> {
  const result: IpcResult<unknown> = await h.call('defaults.save', { account: h.main.accountId, changes: { [NAME]: to }, expected: { [NAME]: from }, source: { kind: 'edit' } });
  if (!result.ok) return { ok: false, said: [result.error.msg] };
  return { ok: (result.value as DefaultsSaveResult).saved.some((setting) => setting.name === NAME), said: [] };
}

export const defaultsSave = row<SaveSubject>({
  name: 'defaults save',
  writes: WRITES,
  target: (h) => h.main,
  async prepare(h) {
    const from = (await h.value<DefaultsView>('defaults.get', { account: h.main.accountId })).values[NAME] as boolean;
    return { from, to: !from, fromLog: h.main.proxy.log.length };
  },
  run: save,
  retry: save,
  async truthful(h, subject, told, since) {
    expectWords(told);
    await expectSetting(h.main, told.ok ? subject.to : subject.from, told.ok ? 1 : 0, since);
    expect(patchesReaching(h.main, subject.fromLog)).toBeLessThanOrEqual(1);
  },
  done: (h, { to }, since) => expectSetting(h.main, to, 1, since),
});

interface CopySubject {
  /** The source realm's value, which the copy should bring to the target. */
  value: boolean;
  copyId: string | null;
}

const target = (h: FaultConsole) => h.realms[1] as FaultRealm;

async function finishedCopy(h: FaultConsole, started: DefaultsCopy): Promise<Told> {
  const copy = await until(async () => {
    const current = await h.value<DefaultsCopy>('defaults.copy.get', { account: h.main.accountId, copyId: started.id });
    return current.finishedAt !== null && current;
  }, `copy ${started.id} to finish`);
  const failed = copy.results.filter((result) => result.outcome !== 'applied');
  return { ok: failed.length === 0, said: failed.map((result) => result.reason ?? result.outcome) };
}

export const defaultsCopy = row<CopySubject>({
  name: 'default settings copy job',
  writes: WRITES,
  setup: async (h) => void (await h.addRealm()),
  target,
  async prepare(h) {
    // The target starts from the other value, set by another administrator, so the copy has work.
    const value = (await h.value<DefaultsView>('defaults.get', { account: h.main.accountId })).values[NAME] as boolean;
    await target(h).direct.call(updateRealmUserSettingsDefaults, { [NAME]: !value });
    await consoleShows(h, target(h), !value);
    return { value, copyId: null };
  },
  async run(h, subject) {
    const started = await h.value<DefaultsCopy>('defaults.copy.start', { account: h.main.accountId, targets: [target(h).accountId], names: [NAME] });
    subject.copyId = started.id;
    return finishedCopy(h, started);
  },
  async retry(h, subject) {
    const started = await h.value<DefaultsCopy>('defaults.copy.retryFailed', { account: h.main.accountId, copyId: subject.copyId });
    subject.copyId = started.id;
    return finishedCopy(h, started);
  },
  async truthful(h, { value }, told, since) {
    expectWords(told);
    await expectSetting(target(h), told.ok ? value : !value, told.ok ? 1 : 0, since);
  },
  done: (h, { value }, since) => expectSetting(target(h), value, 1, since),
});
