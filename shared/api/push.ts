// spec 14: register an end-to-end-encrypted push device. A server without a push notification service
// answers PUSH_SERVICE_NOT_CONFIGURED.
// Upstream documents it: https://zulip.com/api/register-push-device.
import { z } from 'zod';
import { EmptySuccess, endpoint } from './envelope';

export const PushTokenKind = z.enum(['fcm', 'apns']);
export type PushTokenKind = z.infer<typeof PushTokenKind>;

/** Standard base64 (RFC 4648 section 4, padded), not the URL-safe alphabet. */
export const Base64 = z.base64().min(1);

// spec 14: all parameters required.
export const registerPushDeviceParams = z.object({
  token_kind: PushTokenKind,
  /** Client-generated random integer, unique in the client's account table; echoed in pushes. */
  push_account_id: z.int(),
  /** Public key of a key pair the client generated. */
  push_public_key: Base64,
  /** Which of the push relay's public keys the client encrypted with (the spec gives no encoding). */
  bouncer_public_key: z.string().min(1),
  /** Ciphertext of a JSON object with `token`, `token_kind`, `timestamp` and, for iOS, `ios_app_id`. */
  encrypted_push_registration: Base64,
});
export type RegisterPushDeviceParams = z.input<typeof registerPushDeviceParams>;
// The spec names no reply fields: the empty success envelope.
export const registerPushDevice = endpoint('POST', '/mobile_push/register', registerPushDeviceParams, EmptySuccess, {
  spec: 14,
});
