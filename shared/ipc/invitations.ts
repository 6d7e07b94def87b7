// Channels of the Invitations screen: checking addresses before anything is sent, campaigns (a
// journaled job in the main process, resumable after a crash), their reports, and pending invitations.
import { z } from 'zod';
import { Role } from '../api/common';
import { MAX_EMAIL_LENGTH } from '../api/email-address';
import { Invite, MAX_WELCOME_MESSAGE_LENGTH } from '../api/invites';
import { AccountId } from './push';

export const Invitee = z.object({ email: z.string().max(MAX_EMAIL_LENGTH), name: z.string().max(200).nullable().default(null) });
export type Invitee = z.infer<typeof Invitee>;

/**
 * What the console knows about an address before sending (from its syntax and the realm state):
 * `invited` has a pending invitation already, which upstream would duplicate rather than refuse.
 */
export const AddressCheck = z.enum(['ok', 'invalid', 'duplicate', 'member', 'deactivated', 'invited']);
export type AddressCheck = z.infer<typeof AddressCheck>;

/** The pending invitation an `invited` address has (upstream GET /invites): what a resend needs. */
export const PendingInviteRef = z.object({ id: z.int(), invited: z.int(), invitedBy: z.int() });
export type PendingInviteRef = z.infer<typeof PendingInviteRef>;

export const CheckedAddress = z.object({
  email: z.string(),
  name: z.string().nullable(),
  check: AddressCheck,
  reason: z.string().nullable(),
  /** Set for `invited` only. */
  invite: PendingInviteRef.nullable(),
});
export type CheckedAddress = z.infer<typeof CheckedAddress>;

/** spec 9's parameters other than the addresses. */
export const CampaignOptions = z.object({
  invite_as: Role,
  stream_ids: z.array(z.int()),
  group_ids: z.array(z.int()),
  include_realm_default_subscriptions: z.boolean(),
  notify_referrer_on_join: z.boolean(),
  /** Null: never expires. */
  invite_expires_in_minutes: z.int().positive().nullable(),
  /** Null: the organization's default welcome message; '': none; else the text (administrators only). */
  welcome_message_custom_text: z.string().max(MAX_WELCOME_MESSAGE_LENGTH).nullable(),
});
export type CampaignOptions = z.infer<typeof CampaignOptions>;

/**
 * Each address's outcome; the statuses follow upstream's reason strings, but for `already_invited`:
 * an address given a pending invitation outside the campaign after compose checked it, found when
 * the campaign reads the pending invitations again before sending (campaign-recheck.ts), and not
 * sent, since upstream would send a second invitation rather than refuse.
 */
export const InviteOutcome = z.enum(['pending', 'invited', 'already_invited', 'existing', 'deactivated', 'invalid', 'outside_domain', 'other', 'not_attempted']);
export type InviteOutcome = z.infer<typeof InviteOutcome>;

/** Each outcome in words: the report's Status column on screen, in the CSV export and in the activity log. */
export const OUTCOME_WORDS: Record<InviteOutcome, string> = {
  pending: 'Still to send',
  invited: 'Invited',
  already_invited: 'Already invited',
  existing: 'Already has an account',
  deactivated: 'Deactivated',
  invalid: 'Invalid address',
  outside_domain: 'Outside the domain',
  other: 'Refused for another reason',
  not_attempted: 'Not sent',
};

/**
 * upstream's words for the outcomes it names (validate_email_is_valid, get_existing_user_errors):
 * where the server said exactly this, its words repeat the status and the screen need not show them.
 */
export const UPSTREAM_REASONS = {
  existing: 'Already has an account.',
  deactivated: 'Account has been deactivated.',
  invalid: 'Invalid address.',
  outside_domain: 'Outside your domain.',
} as const satisfies Partial<Record<InviteOutcome, string>>;

/**
 * Why compose left a pasted line out of a campaign (compose/campaign-plan.ts): the check said the
 * server would refuse it, it repeats a line above, it has a pending invitation that was not resent,
 * or it is longer than any address can be. Recorded with the campaign so its report accounts for
 * every line pasted; never sent.
 */
export const LeftOutReason = z.enum(['member', 'system_bot', 'deactivated', 'invalid', 'duplicate', 'invited', 'too_long']);
export type LeftOutReason = z.infer<typeof LeftOutReason>;

/** Why, in words: the report's Details and the CSV's Reason (its Status already says "Left out"). */
export const LEFT_OUT_WORDS: Record<LeftOutReason, string> = {
  member: 'Already has an account',
  system_bot: 'Reserved for system bots',
  deactivated: 'Has a deactivated account',
  invalid: 'Not a valid address',
  duplicate: 'Duplicate of a line above',
  invited: 'Already has a pending invitation (not resent)',
  too_long: 'Too long to be an address',
};

/**
 * How much of a line too long to be an address a campaign keeps (its `email`), with its length: enough
 * to recognize the line, while what the core takes stays bounded whatever was pasted.
 */
export const TOO_LONG_PREVIEW_LENGTH = 60;

export const LeftOutAddress = z
  .object({
    /** The line as pasted; for `too_long`, its first TOO_LONG_PREVIEW_LENGTH characters. */
    email: z.string().max(MAX_EMAIL_LENGTH),
    name: z.string().max(200).nullable(),
    reason: LeftOutReason,
    /** `too_long` only: how many characters the whole line had. */
    characters: z.int().optional(),
  })
  .strict()
  .superRefine((address, ctx) => {
    if (address.reason !== 'too_long') {
      if (address.characters !== undefined) ctx.addIssue({ code: 'custom', path: ['characters'], message: 'Only a line too long to be an address has a length.' });
      return;
    }
    if (address.characters === undefined || address.characters <= MAX_EMAIL_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['characters'], message: `A line too long to be an address has more than ${MAX_EMAIL_LENGTH} characters.` });
    }
    if (address.email.length > TOO_LONG_PREVIEW_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: `Only the first ${TOO_LONG_PREVIEW_LENGTH} characters of a line too long to be an address are kept.` });
    }
  });
export type LeftOutAddress = z.infer<typeof LeftOutAddress>;

/**
 * An address with a pending invitation that the administrator resent while composing the campaign
 * (upstream POST /invites/{id}/resend): in the campaign's report as resent, not sent again and not
 * left out.
 */
export const ResentAddress = z.object({ email: z.string().max(MAX_EMAIL_LENGTH), name: z.string().max(200).nullable() }).strict();
export type ResentAddress = z.infer<typeof ResentAddress>;

/** The report's Details and the CSV's Reason for a resent address. */
export const RESENT_WORDS = 'Had a pending invitation: its email was sent again';

/**
 * What the report filters and exports by: an outcome of a sent address, a pending invitation resent
 * while composing, or left out at compose time.
 */
export const ReportStatus = z.enum([...InviteOutcome.options, 'resent', 'left_out']);
export type ReportStatus = z.infer<typeof ReportStatus>;

export const REPORT_STATUS_WORDS: Record<ReportStatus, string> = { ...OUTCOME_WORDS, resent: 'Resent', left_out: 'Left out' };

export const CampaignAddress = z.object({
  email: z.string(),
  name: z.string().nullable(),
  outcome: InviteOutcome,
  /** The server's words for anything but `invited` and `pending`. */
  reason: z.string().nullable(),
});
export type CampaignAddress = z.infer<typeof CampaignAddress>;

export const CampaignSummary = z.object({
  id: z.string(),
  account: AccountId,
  createdAt: z.int(),
  finishedAt: z.int().nullable(),
  /**
   * paused: by the user, the daily limit, an unreachable server, or a journal the disk would not take
   * (`pauseReason`); stopped: the licence limit (`stopReason`).
   */
  status: z.enum(['running', 'paused', 'done', 'cancelled', 'stopped']),
  pauseReason: z.enum(['user', 'daily_limit', 'network', 'disk']).nullable(),
  /** Why the campaign stopped or paused, in words, with what to do. */
  detail: z.string().nullable(),
  batchSize: z.int(),
  /** The addresses sent; `total` and `counts` are about these only. */
  total: z.int(),
  counts: z.record(InviteOutcome, z.int()),
  /** Pending invitations resent while composing: in the report, not sent by the campaign. */
  resent: z.int(),
  /** Addresses left out at compose time: in the report, never sent. */
  leftOut: z.int(),
  /** Seconds left at the current pace; null until there is a pace. */
  etaSeconds: z.int().nullable(),
  options: CampaignOptions,
});
export type CampaignSummary = z.infer<typeof CampaignSummary>;

export const Campaign = CampaignSummary.extend({ addresses: z.array(CampaignAddress), resentAddresses: z.array(ResentAddress), leftOutAddresses: z.array(LeftOutAddress) });
export type Campaign = z.infer<typeof Campaign>;

export const InviteChoices = z.object({
  /** Every role, with whether the signed-in user may invite as it and why not. */
  roles: z.array(z.object({ role: Role, allowed: z.boolean(), reason: z.string().nullable() })),
  /** Default channels, and those the user may add subscribers to. */
  channels: z.array(z.object({ id: z.int(), name: z.string(), isDefault: z.boolean() })),
  groups: z.array(z.object({ id: z.int(), name: z.string() })),
  /** spec 9: the welcome message is for administrators only. */
  canWriteWelcomeMessage: z.boolean(),
  defaultExpiryMinutes: z.int(),
});
export type InviteChoices = z.infer<typeof InviteChoices>;

const ForCampaign = z.object({ account: AccountId, campaignId: z.string() }).strict();
const CampaignControl = { input: ForCampaign, output: CampaignSummary } as const;

export const invitationChannels = {
  'invites.choices': { input: z.object({ account: AccountId }).strict(), output: InviteChoices },
  'invites.check': {
    input: z.object({ account: AccountId, addresses: z.array(Invitee).max(100_000) }).strict(),
    output: z.array(CheckedAddress),
  },
  /** POST /messages/render, for the welcome message's preview. */
  'invites.renderWelcome': {
    input: z.object({ account: AccountId, content: z.string().max(MAX_WELCOME_MESSAGE_LENGTH) }).strict(),
    output: z.object({ html: z.string() }),
  },
  'invites.campaign.start': {
    input: z
      .object({
        account: AccountId,
        addresses: z.array(Invitee).min(1).max(100_000),
        /** Pending invitations resent while composing: kept for the report, not sent again. */
        resent: z.array(ResentAddress).max(100_000).default([]),
        /** Pasted but not sent, with why: kept for the report. */
        leftOut: z.array(LeftOutAddress).max(100_000).default([]),
        options: CampaignOptions,
        batchSize: z.int().min(1).max(1000).default(100),
      })
      .strict(),
    output: CampaignSummary,
  },
  /** Newest first. */
  'invites.campaign.list': { input: z.object({ account: AccountId }).strict(), output: z.array(CampaignSummary) },
  'invites.campaign.get': { input: ForCampaign, output: Campaign },
  'invites.campaign.pause': CampaignControl,
  'invites.campaign.resume': CampaignControl,
  'invites.campaign.cancel': CampaignControl,
  /** Sends again to the addresses whose failure may pass on a new try (other reasons, not attempted). */
  'invites.campaign.retryFailed': CampaignControl,
  /** The report as CSV: every address, or (`outcome`) only those with that status, as the screen's filter shows them. */
  'invites.campaign.exportCsv': {
    input: ForCampaign.extend({ outcome: ReportStatus.nullable().default(null) }).strict(),
    output: z.object({ filename: z.string(), csv: z.string(), rows: z.int() }),
  },
  'invites.pending.list': { input: z.object({ account: AccountId }).strict(), output: z.array(Invite) },
  'invites.pending.revoke': { input: z.object({ account: AccountId, inviteId: z.int() }).strict(), output: z.null() },
  'invites.pending.resend': { input: z.object({ account: AccountId, inviteId: z.int() }).strict(), output: z.null() },
} as const;
