// upstream PATCH /settings: a user changes their own personal settings. The spec shows no endpoint for
// it ("User settings (personal preferences)" points at spec 4 for names, types and values), so the
// parameters are spec 4's, from the same tables, and only what is passed changes.
import { z } from 'zod';
import { EmptySuccess, endpoint } from './envelope';
import { updateRealmUserSettingsDefaultsParams } from './realm-defaults';

export const updateSettingsParams = z.object({
  ...updateRealmUserSettingsDefaultsParams.shape,
  // upstream check_settings_values rejects a period outside one second to one week with its own text
  // ("Invalid email batching period: N seconds"), so the server checks the range, not the schema.
  email_notifications_batching_period_seconds: z.int().optional(),
});
export type UpdateSettingsParams = z.input<typeof updateSettingsParams>;

export const updateSettings = endpoint('PATCH', '/settings', updateSettingsParams, EmptySuccess);
