import { describe, expect, test } from 'vitest';
import { checkPrivacy, privacyFields, privacyOf, PRIVACY_CHOICES, type PrivacySituation } from './channel-privacy';

const situation = (change: Partial<PrivacySituation> = {}): PrivacySituation => ({
  current: 'public',
  isDefault: false,
  isModerationChannel: false,
  webPublicEnabled: true,
  spectatorAccess: true,
  mayCreateWebPublic: true,
  mayCreatePublic: true,
  mayCreatePrivate: true,
  contentAccess: true,
  webPublicHolders: 'Owners',
  archivedLocked: false,
  ...change,
});

describe('privacy as choices', () => {
  test('each choice is its three fields, and reads back as itself', () => {
    for (const choice of PRIVACY_CHOICES) expect(privacyOf(privacyFields(choice))).toBe(choice);
  });

  test('protected history exists only for private channels; a public one with it is shown, never offered', () => {
    expect(privacyFields('public').history_public_to_subscribers).toBe(true);
    expect(privacyFields('web_public').history_public_to_subscribers).toBe(true);
    expect(privacyOf({ invite_only: false, is_web_public: false, history_public_to_subscribers: false })).toBe('public_protected');
    expect(PRIVACY_CHOICES).not.toContain('public_protected');
  });
});

describe('the rules before sending', () => {
  test('keeping the current privacy is always allowed', () => {
    expect(checkPrivacy('public', situation({ contentAccess: false, isModerationChannel: true }))).toEqual({ allowed: true });
  });

  test('a default channel cannot become private', () => {
    expect(checkPrivacy('private_protected', situation({ isDefault: true }))).toEqual({
      allowed: false,
      reason: 'A default channel cannot be private: remove it from the default channels first.',
    });
  });

  test('the moderation request channel cannot become public or web-public', () => {
    const verdict = checkPrivacy('public', situation({ current: 'private_protected', isModerationChannel: true }));
    expect(verdict.allowed).toBe(false);
  });

  test('web-public needs the server setting, spectator access and the permission, each said', () => {
    const reason = (change: Partial<PrivacySituation>) => {
      const verdict = checkPrivacy('web_public', situation(change));
      return verdict.allowed ? null : verdict.reason;
    };
    expect(reason({ webPublicEnabled: false })).toContain('off in its configuration');
    expect(reason({ spectatorAccess: false })).toContain('spectator access');
    expect(reason({ mayCreateWebPublic: false })).toBe('Only those allowed to create web-public channels may make one web-public: Owners.');
    expect(reason({ webPublicEnabled: null, spectatorAccess: null, mayCreateWebPublic: null })).toBeNull();
  });

  test('a private channel’s privacy needs access to its messages', () => {
    const verdict = checkPrivacy('public', situation({ current: 'private_shared', contentAccess: false }));
    expect(verdict).toEqual({ allowed: false, reason: 'Changing a private channel’s privacy needs access to its messages: subscribe to it first.' });
    expect(checkPrivacy('private_protected', situation({ current: 'private_shared', contentAccess: true }))).toEqual({ allowed: true });
  });

  test('an archived channel on an old server cannot change privacy', () => {
    expect(checkPrivacy('private_shared', situation({ archivedLocked: true })).allowed).toBe(false);
  });
});
