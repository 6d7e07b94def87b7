// What a new campaign's record holds (campaign-record.ts), from what compose sent to start it: the
// addresses to send, each once, the pending invitations resent while composing, and the lines compose
// left out; the last two kept for the report and never sent.
import { randomBytes } from 'node:crypto';
import type { CampaignOptions, Invitee, LeftOutAddress, ResentAddress } from '../../../shared/ipc';
import { addressKey } from '../../../shared/domain/address-list';
import { CHECK_REASON } from '../../../shared/domain/invitee-checks';
import type { CampaignRecord } from './campaign-record';

export interface StartCampaign {
  addresses: readonly Invitee[];
  /** Pending invitations the administrator resent while composing, kept for the report; not sent again. */
  resent?: readonly ResentAddress[];
  /** Compose's left-out addresses, kept for the report; never sent. */
  leftOut?: readonly LeftOutAddress[];
  options: CampaignOptions;
  batchSize: number;
}

/** Who starts it and when: the parts of a new record that do not come from compose. */
export interface Starter {
  account: string;
  createdAt: number;
  /** The signed-in user, in words, for the activity log. */
  actor: string;
  inviterId: number;
}

export function newCampaignRecord(input: StartCampaign, starter: Starter): CampaignRecord {
  return {
    version: 1,
    id: `c${starter.createdAt.toString(36)}${randomBytes(4).toString('hex')}`,
    account: starter.account,
    createdAt: starter.createdAt,
    finishedAt: null,
    status: 'running',
    pauseReason: null,
    detail: null,
    batchSize: input.batchSize,
    options: input.options,
    actor: starter.actor,
    inviterId: starter.inviterId,
    addresses: campaignAddresses(input.addresses),
    ...reportedApart(input.resent ?? [], input.leftOut ?? []),
    inFlight: null,
  };
}

/**
 * The resent addresses, and the left-out lines but for a pending invitation that was resent: resent is
 * not left out, whatever compose said, so the report lists each such address once, as resent.
 */
function reportedApart(resent: readonly ResentAddress[], leftOut: readonly LeftOutAddress[]): Pick<CampaignRecord, 'resent' | 'leftOut'> {
  const resentKeys = new Set(resent.map((address) => addressKey(address.email)));
  return {
    resent: resent.map((address) => ({ ...address })),
    leftOut: leftOut.filter((address) => address.reason !== 'invited' || !resentKeys.has(addressKey(address.email))).map((address) => ({ ...address })),
  };
}

/**
 * Each address once (the first spelling), trimmed. An address the server would split in two (it
 * splits on commas and newlines) is never sent: it is invalid in upstream's words at once.
 */
function campaignAddresses(invitees: readonly Invitee[]): CampaignRecord['addresses'] {
  const seen = new Set<string>();
  const addresses: CampaignRecord['addresses'] = [];
  for (const invitee of invitees) {
    const email = invitee.email.trim();
    const key = addressKey(email);
    if (email === '' || seen.has(key)) continue;
    seen.add(key);
    const splits = /[,\n\r]/.test(email);
    addresses.push({ email, name: invitee.name, outcome: splits ? 'invalid' : 'pending', reason: splits ? CHECK_REASON.invalid : null });
  }
  return addresses;
}
