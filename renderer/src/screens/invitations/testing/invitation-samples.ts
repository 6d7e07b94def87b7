// Replies for the Invitations screen's tests, shaped like the sandbox's demo organization.
import type { Invite } from '../../../../../shared/api/invites';
import type { Campaign, CampaignAddress, CampaignSummary, InviteChoices, InviteOutcome, LeftOutAddress, ResentAddress } from '../../../../../shared/ipc';

export const choices = (overrides: Partial<InviteChoices> = {}): InviteChoices => ({
  roles: [
    { role: 100, allowed: false, reason: 'Only organization owners can invite owners.' },
    { role: 200, allowed: true, reason: null },
    { role: 300, allowed: true, reason: null },
    { role: 400, allowed: true, reason: null },
    { role: 600, allowed: true, reason: null },
  ],
  channels: [
    { id: 1, name: 'general', isDefault: true },
    { id: 3, name: 'engineering', isDefault: false },
    { id: 4, name: 'design', isDefault: false },
  ],
  groups: [
    { id: 20, name: 'engineers' },
    { id: 21, name: 'designers' },
  ],
  canWriteWelcomeMessage: true,
  defaultExpiryMinutes: 14400,
  ...overrides,
});

/** The roles a moderator may invite as (an administrator made a moderator meanwhile, say). */
export const MODERATOR_ROLE_CHOICES: InviteChoices['roles'] = [
  { role: 100, allowed: false, reason: 'Only organization owners can invite owners.' },
  { role: 200, allowed: false, reason: 'Only organization administrators can invite administrators and moderators.' },
  { role: 300, allowed: false, reason: 'Only organization administrators can invite administrators and moderators.' },
  { role: 400, allowed: true, reason: null },
  { role: 600, allowed: true, reason: null },
];

export function countsOf(addresses: CampaignAddress[]): Record<InviteOutcome, number> {
  const counts: Record<InviteOutcome, number> = { pending: 0, invited: 0, already_invited: 0, existing: 0, deactivated: 0, invalid: 0, outside_domain: 0, other: 0, not_attempted: 0 };
  for (const address of addresses) counts[address.outcome]++;
  return counts;
}

export function campaign(addresses: CampaignAddress[], overrides: Partial<CampaignSummary> = {}): Campaign {
  return {
    id: 'c1',
    account: 'acc-olivia',
    createdAt: Date.UTC(2026, 4, 12, 14, 3),
    finishedAt: null,
    status: 'running',
    pauseReason: null,
    detail: null,
    batchSize: 100,
    total: addresses.length,
    counts: countsOf(addresses),
    resent: 0,
    leftOut: 0,
    etaSeconds: null,
    options: {
      invite_as: 400,
      stream_ids: [],
      group_ids: [],
      include_realm_default_subscriptions: true,
      notify_referrer_on_join: true,
      invite_expires_in_minutes: 14400,
      welcome_message_custom_text: null,
    },
    addresses,
    resentAddresses: [],
    leftOutAddresses: [],
    ...overrides,
  };
}

/** A campaign with addresses compose left out (and, if given, pending invitations it resent): its summary counts them. */
export function campaignWithLeftOut(
  addresses: CampaignAddress[],
  leftOutAddresses: LeftOutAddress[],
  overrides: Partial<CampaignSummary> = {},
  resentAddresses: ResentAddress[] = [],
): Campaign {
  return { ...campaign(addresses, { leftOut: leftOutAddresses.length, resent: resentAddresses.length, ...overrides }), resentAddresses, leftOutAddresses };
}

export const address = (email: string, outcome: InviteOutcome = 'pending', reason: string | null = null): CampaignAddress => ({ email, name: null, outcome, reason });

export const summaryOf = ({ addresses: _addresses, resentAddresses: _resent, leftOutAddresses: _leftOut, ...summary }: Campaign): CampaignSummary => summary;

export const pendingInvite = (id: number, email: string, overrides: Partial<Invite> = {}): Invite => ({
  id,
  email,
  invited_by_user_id: 2,
  invited: Date.UTC(2026, 4, 1) / 1000,
  expiry_date: Date.UTC(2026, 4, 11) / 1000,
  invited_as: 400,
  is_multiuse: false,
  ...overrides,
});
