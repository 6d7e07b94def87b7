// A realm's defaults of new members' settings (spec 4): read from the session's live state, and saved
// as ONE PATCH /realm/user_settings_defaults carrying only the changed settings. Before sending, the
// edits are checked against the live values (another administrator may have saved meanwhile), so a
// save never silently overwrites a change it did not see. Every save, made or refused by the server,
// goes to the activity log with its old and new values.
import type { UserSettingName, UserSettingValue } from '../../../shared/api';
import { inDisplayOrder, type DefaultsValues } from '../../../shared/domain/defaults-edits';
import { changeWords, settingLabel, settingList, settingValueWords } from '../../../shared/domain/defaults-words';
import type { DefaultsSaveResult, DefaultsView } from '../../../shared/ipc';
import type { AccountService } from '../accounts/accounts';
import type { ActivityLog } from '../activity/activity-log';
import { actorOf } from '../activity/actor';
import { undoable } from '../activity/undo-data';
import { ConsoleError } from '../errors';
import type { RealmSession } from '../session/session';
import type { SessionManager } from '../session-manager';
import { saveDefaults } from './defaults-fate';
import { defaultsView, readOnlyReason } from './defaults-view';
import { defaultsFailure } from './save-words';

export interface DefaultsServiceOptions {
  accounts: AccountService;
  sessions: SessionManager;
  activity: ActivityLog;
  /** How long to wait for the save's events before answering with the values the server accepted (default: session/settle.ts). */
  settleTimeoutMs?: number;
}

export type SaveSource = { kind: 'edit' } | { kind: 'import'; fileName: string; fromRealm: string } | { kind: 'undo'; jobId?: string };

export interface SaveRequest {
  changes: DefaultsValues;
  /** The values the edits were made against; null: the server did not report the setting. */
  expected: Partial<Record<string, UserSettingValue | null>>;
  source: SaveSource;
}

export class DefaultsService {
  constructor(private readonly options: DefaultsServiceOptions) {}

  async get(account: string): Promise<DefaultsView> {
    return defaultsView(account, await this.options.sessions.get(account).whenReady());
  }

  async save(account: string, request: SaveRequest): Promise<DefaultsSaveResult> {
    const session = this.options.sessions.get(account);
    const state = await session.whenReady();
    const current = defaultsView(account, state).values as DefaultsValues;
    const refusal = readOnlyReason(state.realmName, state.ownRole);
    if (refusal) throw new ConsoleError('NOT_ALLOWED', refusal);
    const conflicts = conflictsOf(request, current);
    if (conflicts.length > 0) {
      const list = conflicts.map(({ name, now }) => `${settingLabel(name)} is now ${settingValueWords(name, now)}`).join('; ');
      throw new ConsoleError(
        'DEFAULTS_CONFLICT',
        `Nothing was saved: another administrator changed ${conflicts.length === 1 ? 'a setting' : `${conflicts.length} settings`} you edited meanwhile (${list}). For each, keep your value or take theirs, then review and save again.`,
        { conflicts: conflicts.map(({ name }) => name) },
      );
    }
    // Settings already at the edit's value are no change: only the others are sent.
    const changed = inDisplayOrder(Object.keys(request.changes) as UserSettingName[]).filter((name) => request.changes[name] !== current[name]);
    if (changed.length === 0) return { saved: [], ignored: [], view: defaultsView(account, state) };
    const params = Object.fromEntries(changed.map((name) => [name, request.changes[name]]));
    const words = changed.map((name) => changeWords({ name, from: current[name], to: request.changes[name] as UserSettingValue }));
    const entry = { actor: actorOf(this.options.accounts, account, state), kind: 'defaults' as const, ...describeSave(request.source, state.realmName) };

    const outcome = await saveDefaults(this.options.accounts.client(account), params as Record<string, UserSettingValue>);
    if (!outcome.saved) {
      const worded = defaultsFailure(`Could not save the default settings of ${state.realmName}`, outcome.error, request.changes, state.featureLevel, outcome.fate);
      this.options.activity.record(account, { ...entry, details: words.join('; '), result: 'failed', error: worded.message });
      throw worded;
    }
    const ignored = changed.filter((name) => outcome.ignored.includes(name));
    const saved = changed.filter((name) => !ignored.includes(name));
    const details = [
      ...saved.map((name) => changeWords({ name, from: current[name], to: request.changes[name] as UserSettingValue })),
      ...(ignored.length ? [`Not supported by this server, so not saved: ${settingList(ignored)}`] : []),
    ];
    // Only settings the server reported before can go back: an absent one has no old value.
    const reversible = saved.flatMap((name) => {
      const old = current[name];
      return old === undefined ? [] : [{ setting: name, old, new: request.changes[name] as UserSettingValue }];
    });
    const undo = reversible.length > 0 ? { undo: undoable({ kind: 'defaults', changes: reversible }) } : {};
    this.options.activity.record(account, { ...entry, details: details.join('; '), result: 'ok', error: null, ...undo });
    const expectedNow = Object.fromEntries(saved.map((name) => [name, request.changes[name]])) as DefaultsValues;
    return {
      saved: saved.map((name) => ({ name, from: current[name] ?? null, to: request.changes[name] as UserSettingValue })),
      ignored: ignored.map((name) => ({ name, value: request.changes[name] as UserSettingValue })),
      view: await this.settled(account, session, expectedNow),
    };
  }

  /**
   * The realm's defaults once the save's events have arrived, so the screen never shows the old values
   * after a save. If they do not come in time (the queue is reconnecting), the values the server
   * accepted are shown: the resync that follows brings the rest.
   */
  private async settled(account: string, session: RealmSession, saved: DefaultsValues): Promise<DefaultsView> {
    const shows = (view: DefaultsView) => Object.entries(saved).every(([name, value]) => view.values[name] === value);
    const shown = await session.waitFor((state) => {
      const view = defaultsView(account, state);
      return shows(view) ? view : undefined;
    }, this.options.settleTimeoutMs);
    if (shown) return shown;
    const view = defaultsView(account, await session.whenReady());
    return { ...view, values: { ...view.values, ...(saved as Record<string, UserSettingValue>) } };
  }
}

/** Settings whose live value is neither the one the edit was made against nor the edit's own. */
function conflictsOf(request: SaveRequest, current: DefaultsValues): { name: UserSettingName; now: UserSettingValue | undefined }[] {
  return inDisplayOrder(Object.keys(request.changes) as UserSettingName[]).flatMap((name) => {
    const now = current[name];
    const expected = request.expected[name] ?? undefined;
    return now === expected || now === request.changes[name] ? [] : [{ name, now }];
  });
}

function describeSave(source: SaveSource, realmName: string): { action: string; target: string; jobId?: string } {
  if (source.kind === 'undo') return { action: 'Undid a change to default settings', target: realmName, ...(source.jobId ? { jobId: source.jobId } : {}) };
  if (source.kind === 'import') {
    return { action: 'Imported default settings', target: `${realmName}, from ${source.fileName} (exported from ${source.fromRealm})` };
  }
  return { action: 'Changed default settings', target: realmName };
}
