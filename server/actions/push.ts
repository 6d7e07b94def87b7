// spec 14: register an end-to-end-encrypted push device (upstream register_push_device in
// zerver/views/push_notifications.py). The sandbox has no push relay: with --push-configured it
// validates and stores the registration, and otherwise answers PUSH_SERVICE_NOT_CONFIGURED.
import type { z } from 'zod';
import type { registerPushDeviceParams } from '../../shared/api';
import { seconds } from '../lib/clock';
import type { ServerContext } from '../context';
import type { UserRow } from '../db/users';
import { ApiError, badRequest } from '../lib/errors';

export type PushRegistration = z.output<typeof registerPushDeviceParams>;

/** RFC 4648 section 4 (standard alphabet, padded); shared/api checks the other two fields the same way. */
const STANDARD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function registerPushDevice(ctx: ServerContext, user: UserRow, p: PushRegistration): void {
  // upstream human_users_only
  if (user.is_bot) throw badRequest('This endpoint does not accept bot requests.');
  if (!ctx.config.pushConfigured) {
    throw new ApiError('PUSH_SERVICE_NOT_CONFIGURED', 'Server is not configured to use push notification service.');
  }
  // The relay's public keys are base64 too; the relay would refuse anything else.
  if (!STANDARD_BASE64.test(p.bouncer_public_key)) throw badRequest('Invalid bouncer_public_key');
  // One registration per account on the device: registering the same push_account_id again replaces it.
  ctx.db
    .prepare(
      `INSERT INTO push_devices (user_id, token_kind, push_account_id, push_public_key, bouncer_public_key, encrypted_push_registration, date_created)
       VALUES (@user_id, @token_kind, @push_account_id, @push_public_key, @bouncer_public_key, @encrypted_push_registration, @date_created)
       ON CONFLICT (user_id, push_account_id) DO UPDATE SET token_kind = excluded.token_kind, push_public_key = excluded.push_public_key,
         bouncer_public_key = excluded.bouncer_public_key, encrypted_push_registration = excluded.encrypted_push_registration,
         date_created = excluded.date_created`,
    )
    .run({ ...p, user_id: user.id, date_created: seconds(ctx.clock) });
}
