// Saving defaults of new members' settings (spec 4) with ONE PATCH /realm/user_settings_defaults, for
// the Default settings screen and the copy to other realms alike. A PATCH that got no usable answer
// (request-fate.ts) may have been saved: the realm's defaults as the server has them now say whether,
// from a register of that section alone (upstream has no GET for them;
// https://zulip.com/api/register-queue), whose queue is dropped at once. One PATCH is one transaction
// upstream, so the settings it sent are all saved or none is.
import { register, updateRealmUserSettingsDefaults, type UserSettingValue } from '../../../shared/api';
import type { ApiClient } from '../client/api-client';
import { ConsoleError } from '../errors';
import { mayHaveBeenApplied, type CheckedFate } from '../request-fate';
import { deleteQueue } from '../session/realm-fetch';

export type SaveOutcome =
  /** Saved; `ignored` are the settings the server ignored (an older server). */
  | { saved: true; ignored: string[] }
  /** Not saved, or not known to be: `fate` is what the server showed when asked, null if it was not asked. */
  | { saved: false; error: ConsoleError; fate: CheckedFate | null };

export async function saveDefaults(client: ApiClient, params: Record<string, UserSettingValue>): Promise<SaveOutcome> {
  try {
    return { saved: true, ignored: (await client.call(updateRealmUserSettingsDefaults, params)).ignored };
  } catch (error) {
    if (!(error instanceof ConsoleError)) throw error;
    if (!mayHaveBeenApplied(error)) return { saved: false, error, fate: null };
    const { fate, ignored } = await defaultsFate(client, params);
    return fate === 'applied' ? { saved: true, ignored } : { saved: false, error, fate };
  }
}

export interface DefaultsFate {
  fate: CheckedFate;
  /** Sent settings the server does not report (an older server ignores them): never saved. */
  ignored: string[];
}

/** The realm's defaults as its server has them now; a setting it does not report is absent. */
export async function defaultsOnServer(client: ApiClient): Promise<Record<string, unknown>> {
  const { value } = await client.call(register, { event_types: [], fetch_event_types: ['realm_user_settings_defaults'] });
  if (value.queue_id) void deleteQueue(client, value.queue_id);
  return (value.realm_user_settings_defaults ?? {}) as Record<string, unknown>;
}

export async function defaultsFate(client: ApiClient, sent: Record<string, UserSettingValue>): Promise<DefaultsFate> {
  let now: Record<string, unknown>;
  try {
    now = await defaultsOnServer(client);
  } catch {
    return { fate: 'unknown', ignored: [] };
  }
  const names = Object.keys(sent);
  const ignored = names.filter((name) => !(name in now));
  const reported = names.filter((name) => name in now);
  const saved = reported.filter((name) => now[name] === sent[name]).length;
  if (reported.length > 0 && saved === reported.length) return { fate: 'applied', ignored };
  return { fate: saved === 0 ? 'not-applied' : 'unknown', ignored };
}
