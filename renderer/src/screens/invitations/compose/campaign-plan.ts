// What a campaign would do with the checked addresses, counted honestly: who will be invited, who
// will fail and why (grouped by reason), who already has a pending invitation (offered a resend,
// never a second invitation), and what is sent, given whether failing addresses are left out (the
// default) or sent anyway, and what is left out, with why, for the campaign's report (a pending
// invitation resent from the check is reported as resent, not left out). Pure, so the check step, the
// send button and the confirmation all say the same numbers.
import { CHECK_REASON } from '../../../../../shared/domain/invitee-checks';
import type { CheckedAddress, Invitee, LeftOutAddress, LeftOutReason, ResentAddress } from '../../../../../shared/ipc';
import type { ComposeDraft } from '../invitations-ui';

/** The checks the server would refuse, with the words for one and for many. */
const FAILURE_WORDS: { matches(address: CheckedAddress): boolean; one: string; many: string }[] = [
  { matches: (a) => a.check === 'member' && a.reason === CHECK_REASON.systemBot, one: 'is reserved for system bots', many: 'are reserved for system bots' },
  { matches: (a) => a.check === 'member' && a.reason === CHECK_REASON.member, one: 'already has an account', many: 'already have an account' },
  { matches: (a) => a.check === 'deactivated', one: 'has a deactivated account', many: 'have deactivated accounts' },
  { matches: (a) => a.check === 'invalid', one: 'is not a valid address', many: 'are not valid addresses' },
];

const FAILING = new Set<CheckedAddress['check']>(['member', 'deactivated', 'invalid']);

export interface FailureGroup {
  count: number;
  /** The words after the count: "already have an account". */
  words: string;
}

export interface CampaignPlan {
  /** Will be invited: nothing known stands in the way. */
  invite: Invitee[];
  /** The server will refuse these (an account, a deactivated account, an invalid address). */
  failing: CheckedAddress[];
  failureGroups: FailureGroup[];
  /** Have a pending invitation: resent on request, never invited a second time. */
  invited: CheckedAddress[];
  duplicates: number;
  /** What the campaign sends: `invite`, plus `failing` when the user chose to send them anyway. */
  send: Invitee[];
  /** How many of `send` will fail. */
  sendFailing: number;
  /** Of `invited`, those whose invitation was resent from the check: the campaign's report lists them as resent. */
  resent: ResentAddress[];
  /** Everything else not in `send`, each line once (duplicates too), with why: the campaign's report lists them. */
  leftOut: LeftOutAddress[];
}

/** The pasted lines the check never saw (address-list.ts), and the invitations resent from it. */
export interface PlanApart {
  /** Dropped as repeats of a line above. */
  repeated?: readonly Invitee[];
  /** Dropped as longer than any address can be, already shortened. */
  tooLong?: readonly LeftOutAddress[];
  /** The IDs of the pending invitations resent from the check (ComposeDraft's `resent`). */
  resent?: readonly number[];
}

export function planCampaign(checked: readonly CheckedAddress[], failingChoice: ComposeDraft['failing'], apart: PlanApart = {}): CampaignPlan {
  const invite: Invitee[] = [];
  const failing: CheckedAddress[] = [];
  const invited: CheckedAddress[] = [];
  let duplicates = 0;
  for (const address of checked) {
    if (address.check === 'ok') invite.push({ email: address.email, name: address.name });
    else if (address.check === 'invited') invited.push(address);
    else if (address.check === 'duplicate') duplicates++;
    else if (FAILING.has(address.check)) failing.push(address);
  }
  const sendAnyway = failingChoice === 'send';
  const resentIds = new Set(apart.resent);
  const resent: ResentAddress[] = [];
  const leftOut: LeftOutAddress[] = [];
  for (const address of checked) {
    if (address.check === 'invited' && address.invite && resentIds.has(address.invite.id)) {
      resent.push({ email: address.email, name: address.name });
      continue;
    }
    const reason = leftOutReason(address, sendAnyway);
    if (reason) leftOut.push({ email: address.email, name: address.name, reason });
  }
  for (const { email, name } of apart.repeated ?? []) leftOut.push({ email, name, reason: 'duplicate' });
  leftOut.push(...(apart.tooLong ?? []));
  return {
    invite,
    failing,
    failureGroups: groupFailures(failing),
    invited,
    duplicates,
    send: sendAnyway ? [...invite, ...failing.map(({ email, name }) => ({ email, name }))] : invite,
    sendFailing: sendAnyway ? failing.length : 0,
    resent,
    leftOut,
  };
}

/** Why an address is not sent, or null when it is. */
function leftOutReason(address: CheckedAddress, sendAnyway: boolean): LeftOutReason | null {
  switch (address.check) {
    case 'ok':
      return null;
    case 'duplicate':
      return 'duplicate';
    // A pending invitation is resent from the check ("Resend", "Resend all"), never by the campaign;
    // one not resent is left out.
    case 'invited':
      return 'invited';
    case 'member':
      if (sendAnyway) return null;
      return address.reason === CHECK_REASON.systemBot ? 'system_bot' : 'member';
    case 'deactivated':
    case 'invalid':
      return sendAnyway ? null : address.check;
  }
}

function groupFailures(failing: readonly CheckedAddress[]): FailureGroup[] {
  const counts = new Map<string, FailureGroup>();
  for (const address of failing) {
    const kind = FAILURE_WORDS.find((candidate) => candidate.matches(address));
    // A reason this list does not know yet is still counted, in the core's words.
    const key = kind ? kind.one : `reason:${address.reason ?? ''}`;
    const group = counts.get(key) ?? { count: 0, words: '' };
    group.count++;
    group.words = kind ? (group.count === 1 ? kind.one : kind.many) : `cannot be invited (${address.reason ?? 'no reason given'})`;
    counts.set(key, group);
  }
  return [...counts.values()];
}

const number = new Intl.NumberFormat();

/** "3 already have an account, 1 has a deactivated account and 1 is not a valid address". */
export function failureWords(groups: readonly FailureGroup[]): string {
  const parts = groups.map((group) => `${number.format(group.count)} ${group.words}`);
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1] ?? ''}`;
}

/** "5 will fail because 3 already have an account and 2 are not valid addresses: they are left out." */
export function failureSentence(count: number, because: string, choice: ComposeDraft['failing']): string {
  const one = count === 1;
  const fate =
    choice === 'leave'
      ? one
        ? 'it is left out'
        : 'they are left out'
      : one
        ? 'it is sent anyway, and the report will give the server’s answer'
        : 'they are sent anyway, and the report will give the server’s answer for each';
  return `${number.format(count)} will fail because ${because}: ${fate}.`;
}
