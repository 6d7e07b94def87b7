// A refused or failed PATCH /realm/user_settings_defaults in words (docs/style.md "Errors in the user's
// words"): the server's message as it is, the setting it names by its label, and what to do next. The
// server's code and extra fields are kept.
import { supportsValue, type UserSettingName } from '../../../shared/api';
import type { DefaultsValues } from '../../../shared/domain/defaults-edits';
import { settingLabel } from '../../../shared/domain/defaults-words';
import { catalogueEntry } from '../../../shared/domain/user-settings-defaults';
import { ConsoleError } from '../errors';
import type { CheckedFate } from '../request-fate';

/** Upstream's texts for a refused value: "Invalid web_font_size_px", "Invalid notification sound 'klaxon'". */
const INVALID_SETTING = /^Invalid (\w+)$/;

/** `fate`: what the server showed when asked after a failure without a usable answer (request-fate.ts). */
export function defaultsFailure(subject: string, error: ConsoleError, changes: DefaultsValues, featureLevel: number, fate: CheckedFate | null = null): ConsoleError {
  const said = sentence(error.message);
  const advice = adviceFor(error, changes, featureLevel, fate);
  return new ConsoleError(error.code, `${subject}: ${said}${advice ? ` ${advice}` : ''}`, error.extra);
}

function adviceFor(error: ConsoleError, changes: DefaultsValues, featureLevel: number, fate: CheckedFate | null): string | null {
  if (fate === 'not-applied') return 'The server shows nothing was saved: try again.';
  if (fate === 'unknown' || (fate === null && error.extra.timeout === true)) {
    return 'The server may have saved them anyway: once it answers, look at the values before saving again.';
  }
  if (error.code === 'NETWORK_ERROR') return 'Nothing was changed; try again once the server is reachable.';
  if (error.code === 'RATE_LIMIT_HIT') return 'Wait a minute and try again.';
  if (/must be an organization administrator/i.test(error.message)) return 'Sign in as an administrator or owner, or ask one to make this change.';
  if (/notification sound/i.test(error.message)) return 'Pick one of the sounds this server offers.';
  const named = INVALID_SETTING.exec(error.message.trim())?.[1];
  if (named && catalogueEntry(named)) {
    const name = named as UserSettingName;
    const value = changes[name];
    if (!supportsValue(featureLevel, name, value)) {
      return `This server (feature level ${featureLevel}) does not offer that value of ${settingLabel(name)} yet: choose another one.`;
    }
    return `Choose another value for ${settingLabel(name)} and try again.`;
  }
  return 'Check the values and try again.';
}

/** The server's message ends a sentence; upstream's often have no full stop. */
function sentence(message: string): string {
  const trimmed = message.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
