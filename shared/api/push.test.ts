import { describe, expect, test } from 'vitest';
import { registerPushDevice } from './push';

const valid = {
  token_kind: 'fcm',
  push_account_id: 2408,
  push_public_key: 'bWFpbiBrZXkgbWF0ZXJpYWw=',
  bouncer_public_key: 'cmVsYXkga2V5IG9uZQ==',
  encrypted_push_registration: 'Y2lwaGVydGV4dCsvZ29lcytoZXJl',
};
const parse = (params: object) => registerPushDevice.params.safeParse({ ...valid, ...params });

describe('register a push device (spec 14)', () => {
  test('a complete registration is accepted', () => {
    expect(parse({}).success).toBe(true);
  });

  test('a token kind other than fcm or apns is rejected', () => {
    expect(parse({ token_kind: 'gcm' }).success).toBe(false);
  });

  test('a public key in the URL-safe alphabet is rejected', () => {
    expect(parse({ push_public_key: 'bWFpbi-rZXk_bWF0ZXJpYWw=' }).success).toBe(false);
  });

  test('an unpadded ciphertext is rejected', () => {
    expect(parse({ encrypted_push_registration: 'aGk' }).success).toBe(false);
  });

  test('an empty public key is rejected', () => {
    expect(parse({ push_public_key: '' }).success).toBe(false);
  });

  test('every parameter is required', () => {
    const { push_account_id: _omitted, ...rest } = valid;
    expect(registerPushDevice.params.safeParse(rest).success).toBe(false);
  });
});
