// Channels of the Default settings screen: a realm's defaults of new members' settings (spec 4, kept
// live from the register snapshot and its events), saving reviewed edits as one PATCH, and copying
// settings to other signed-in realms as a main-process job (one PATCH per realm, a result per realm).
import { z } from 'zod';
import { Role } from '../api/common';
import { updateRealmUserSettingsDefaultsParams } from '../api/realm-defaults';
import { AccountId } from './push';

export const SettingValue = z.union([z.boolean(), z.number(), z.string()]);

/** Setting names as the spec names them (the catalogue's); the core checks each against the params schema. */
const SettingName = z.string().min(1).max(100);

export const DefaultsView = z.object({
  account: AccountId,
  realmName: z.string(),
  realmUrl: z.string(),
  featureLevel: z.int(),
  /** The values the server reports; a setting an older server does not know is absent. */
  values: z.record(z.string(), SettingValue),
  /** The notification sounds the server offers (register `available_notification_sounds`). */
  availableSounds: z.array(z.string()),
  ownRole: Role,
  /** Administrators and owners change defaults (spec 4). */
  canEdit: z.boolean(),
  /** Why not, in words, when canEdit is false. */
  readOnlyReason: z.string().nullable(),
});
export type DefaultsView = z.infer<typeof DefaultsView>;

/** Where a save's edits came from, for the activity log. */
export const SaveSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('edit') }),
  z.object({ kind: z.literal('import'), fileName: z.string().max(260), fromRealm: z.string().max(200) }),
]);

export const SavedSetting = z.object({ name: z.string(), from: SettingValue.nullable(), to: SettingValue });

export const DefaultsSaveResult = z.object({
  /** The settings the server changed, old to new. */
  saved: z.array(SavedSetting),
  /** Settings the server ignored (`ignored_parameters_unsupported`): not saved; it does not support them. */
  ignored: z.array(z.object({ name: z.string(), value: SettingValue })),
  /** The realm's defaults after the save. */
  view: DefaultsView,
});
export type DefaultsSaveResult = z.infer<typeof DefaultsSaveResult>;

/** One realm's result in a copy. */
export const CopyOutcome = z.object({
  account: AccountId,
  realmName: z.string(),
  /** pending: not done yet; applied: sent and accepted (see `ignored`); unchanged: already the same; failed: see `reason`. */
  outcome: z.enum(['pending', 'applied', 'unchanged', 'failed']),
  /** The settings this realm changed. */
  applied: z.array(z.string()),
  /** The settings this realm's server ignored, not supporting them. */
  ignored: z.array(z.string()),
  /** For failures: the rule or the server's words, with what to do. */
  reason: z.string().nullable(),
});
export type CopyOutcome = z.infer<typeof CopyOutcome>;

export const DefaultsCopy = z.object({
  id: z.string(),
  /** The realm the settings come from. */
  account: AccountId,
  sourceRealm: z.string(),
  /** The copied values, as the source realm had them when the copy started. */
  values: z.record(z.string(), SettingValue),
  status: z.enum(['running', 'done']),
  startedAt: z.int(),
  finishedAt: z.int().nullable(),
  results: z.array(CopyOutcome),
});
export type DefaultsCopy = z.infer<typeof DefaultsCopy>;

const ForAccount = z.object({ account: AccountId }).strict();
const ForCopy = z.object({ account: AccountId, copyId: z.string().min(1).max(100) }).strict();

export const defaultsChannels = {
  'defaults.get': { input: ForAccount, output: DefaultsView },
  /**
   * Sends the changes as one PATCH /realm/user_settings_defaults. `expected` holds the values the edits
   * were made against (null: not reported); if the server has moved on for any of them, nothing is
   * sent and the error (DEFAULTS_CONFLICT) names those settings.
   */
  'defaults.save': {
    input: z
      .object({
        account: AccountId,
        changes: updateRealmUserSettingsDefaultsParams.strict().refine((changes) => Object.keys(changes).length > 0, 'There are no changes to save.'),
        expected: z.record(SettingName, SettingValue.nullable()),
        source: SaveSource,
      })
      .strict(),
    output: DefaultsSaveResult,
  },
  /** Starts a copy; progress arrives as `job.progress` pushes (type defaultsCopy), the results from `defaults.copy.get`. */
  'defaults.copy.start': {
    input: z.object({ account: AccountId, targets: z.array(AccountId).min(1).max(100), names: z.array(SettingName).min(1).max(200) }).strict(),
    output: DefaultsCopy,
  },
  'defaults.copy.get': { input: ForCopy, output: DefaultsCopy },
  /** Runs the failed realms of a copy again, with the same values, as a new copy. */
  'defaults.copy.retryFailed': { input: ForCopy, output: DefaultsCopy },
} as const;
