// A channel's privacy: the three fields upstream keeps (invite_only, is_web_public,
// history_public_to_subscribers) as the four choices an administrator makes, in words, and the rules of
// spec 3 and upstream's update_stream_backend said before anything is sent: protected history only for
// private channels, web-public only where the server, the organization and the user's permission allow,
// a default channel never private, the moderation request channel never public, and changes to a
// private channel's privacy only with access to its messages.
import type { RuleVerdict } from './role-rules';

export const PRIVACY_CHOICES = ['web_public', 'public', 'private_shared', 'private_protected'] as const;
export type Privacy = (typeof PRIVACY_CHOICES)[number];
/** A public channel with protected history exists only in upstream's mirrored organizations; it is shown, never offered. */
export type ChannelPrivacy = Privacy | 'public_protected';

export interface PrivacyFields {
  invite_only: boolean;
  is_web_public: boolean;
  history_public_to_subscribers: boolean;
}

export const PRIVACY_WORDS: Record<ChannelPrivacy, { label: string; meaning: string }> = {
  web_public: {
    label: 'Web-public',
    meaning: 'Anyone on the internet can read it without an account; members of the organization can join it.',
  },
  public: {
    label: 'Public',
    meaning: 'Members can find it, join it and read its whole history. Guests see it only once added.',
  },
  private_shared: {
    label: 'Private, shared history',
    meaning: 'Only people added to it can see it. They can read its whole history, from before they joined too.',
  },
  private_protected: {
    label: 'Private, protected history',
    meaning: 'Only people added to it can see it. They can read only what was sent after they joined.',
  },
  public_protected: {
    label: 'Public, protected history',
    meaning: 'Members can join it but read only what was sent after they joined (a mirrored organization’s setting).',
  },
};

/** Why "public with protected history" is not offered: spec 3 refuses it. */
export const PROTECTED_HISTORY_RULE = 'Protected history is only for private channels: a public or web-public channel always shows its whole history to its subscribers.';

export function privacyOf(channel: PrivacyFields): ChannelPrivacy {
  if (channel.is_web_public) return 'web_public';
  if (!channel.invite_only) return channel.history_public_to_subscribers ? 'public' : 'public_protected';
  return channel.history_public_to_subscribers ? 'private_shared' : 'private_protected';
}

export function privacyFields(privacy: Privacy): PrivacyFields {
  switch (privacy) {
    case 'web_public':
      return { invite_only: false, is_web_public: true, history_public_to_subscribers: true };
    case 'public':
      return { invite_only: false, is_web_public: false, history_public_to_subscribers: true };
    case 'private_shared':
      return { invite_only: true, is_web_public: false, history_public_to_subscribers: true };
    case 'private_protected':
      return { invite_only: true, is_web_public: false, history_public_to_subscribers: false };
  }
}

export const isPrivate = (privacy: ChannelPrivacy) => privacy === 'private_shared' || privacy === 'private_protected';

/** What the privacy rules need to know; null where the server did not say (the server then decides). */
export interface PrivacySituation {
  current: ChannelPrivacy;
  isDefault: boolean;
  isModerationChannel: boolean;
  /** The server allows web-public channels (WEB_PUBLIC_STREAMS_ENABLED). */
  webPublicEnabled: boolean | null;
  /** The organization lets spectators in (enable_spectator_access). */
  spectatorAccess: boolean | null;
  /** The signed-in user holds the organization's can_create_web_public_channel_group. */
  mayCreateWebPublic: boolean | null;
  /** The signed-in user may create channels of that kind (can_create_public/private_channel_group). */
  mayCreatePublic: boolean | null;
  mayCreatePrivate: boolean | null;
  /** The signed-in user can read the channel's messages (spec 3: needed to change a private channel's privacy). */
  contentAccess: boolean;
  /** Holders of can_create_web_public_channel_group, in words ("Owners"). */
  webPublicHolders: string | null;
  /** Archived, on a server older than feature level 362, which cannot change an archived channel's privacy. */
  archivedLocked: boolean;
}

const ALLOWED: RuleVerdict = { allowed: true };

/** Whether the channel may be given this privacy, and if not, why and what would make it possible. */
export function checkPrivacy(choice: Privacy, situation: PrivacySituation): RuleVerdict {
  if (choice === situation.current) return ALLOWED;
  if (situation.archivedLocked) return { allowed: false, reason: 'This server cannot change an archived channel’s privacy: unarchive it first.' };
  if (isPrivate(situation.current) && !situation.contentAccess) {
    return { allowed: false, reason: 'Changing a private channel’s privacy needs access to its messages: subscribe to it first.' };
  }
  if (isPrivate(choice)) {
    if (situation.isDefault) return { allowed: false, reason: 'A default channel cannot be private: remove it from the default channels first.' };
    if (situation.mayCreatePrivate === false) return { allowed: false, reason: 'Your role may not create private channels, so it may not make one private.' };
    return ALLOWED;
  }
  if (situation.isModerationChannel) return { allowed: false, reason: 'The moderation request channel must stay private: reports name the people involved.' };
  if (situation.mayCreatePublic === false) return { allowed: false, reason: 'Your role may not create public channels, so it may not make one public.' };
  if (choice === 'web_public') {
    if (situation.webPublicEnabled === false) return { allowed: false, reason: 'This server does not allow web-public channels: they are off in its configuration, which only whoever runs the server can change.' };
    if (situation.spectatorAccess === false) {
      return { allowed: false, reason: 'The organization does not let visitors without an account in: turn on spectator access in its settings first.' };
    }
    if (situation.mayCreateWebPublic === false) {
      const holders = situation.webPublicHolders ? `: ${situation.webPublicHolders}` : '';
      return { allowed: false, reason: `Only those allowed to create web-public channels may make one web-public${holders}.` };
    }
  }
  return ALLOWED;
}
