// spec 9: reading the invitee list and judging each address, with upstream's exact reason strings
// (upstream zerver/views/invite.py get_invitee_emails_set, zerver/lib/email_validation.py,
// zerver/actions/invites.py do_invite_users). Pure functions: the database answers only "who has
// this address", through a lookup the caller passes in.
import { domainToASCII } from 'node:url';
import { isValidEmailSyntax, type InvitationFailure } from '../../shared/api';

export const REASON = {
  invalid: 'Invalid address.',
  outsideDomain: 'Outside your domain.',
  plusSign: 'Email addresses containing + are not allowed.',
  hasAccount: 'Already has an account.',
  deactivated: 'Account has been deactivated.',
  systemBot: 'Reserved for system bots.',
} as const;

export const OUTCOME_MESSAGE = {
  someInvalid: "Some emails did not validate, so we didn't send any invitations.",
  noneInvited: "We weren't able to invite anyone.",
  // upstream's text names its product; clients and tests compare it as it is.
  someSkipped:
    "Some of those addresses are already using Zulip, so we didn't send them an invitation. We did send invitations to everyone else!",
} as const;

/**
 * The addresses in `invitee_emails`: split on commas and newlines, `Name <email>` reduced to the
 * email, stripped, empty entries dropped, and each address kept once (first spelling wins; upstream
 * de-duplicates exactly, we ignore case as the account lookup does).
 */
export function parseInviteeEmails(raw: string): string[] {
  const seen = new Set<string>();
  const emails: string[] = [];
  for (const entry of raw.split(/[,\n]/)) {
    const named = /<(.*)>/.exec(entry);
    const email = (named ? (named[1] ?? '') : entry).trim();
    if (email === '' || seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    emails.push(email);
  }
  return emails;
}

/**
 * Whether the address is valid as upstream judges it (Django's EmailValidator, shared/api's
 * isValidEmailSyntax), an internationalized domain in its punycode form as Django retries it.
 */
export function isValidEmail(email: string): boolean {
  return isValidEmailSyntax(email, domainToASCII);
}

/**
 * Why an address cannot be invited to this realm whoever holds it, or null when it can:
 * upstream validate_email_is_valid with the realm's email validator.
 */
export function addressError(email: string, restrictedDomains: readonly string[]): string | null {
  if (!isValidEmail(email)) return REASON.invalid;
  if (restrictedDomains.length === 0) return null;
  const at = email.lastIndexOf('@');
  // upstream: realms limited to their domains refuse sub-addressing, so one person cannot hold many.
  if (email.slice(0, at).includes('+')) return REASON.plusSign;
  const domain = email.slice(at + 1).toLowerCase();
  return restrictedDomains.some((allowed) => allowed.toLowerCase() === domain) ? null : REASON.outsideDomain;
}

export interface ExistingAccount {
  is_active: number | boolean;
  is_system_bot: number | boolean;
}

/** upstream get_existing_user_errors (non-verbose): why an address that has an account is skipped. */
export function existingAccountError(account: ExistingAccount | undefined): { reason: string; deactivated: boolean } | null {
  if (!account) return null;
  if (account.is_system_bot) return { reason: REASON.systemBot, deactivated: false };
  if (account.is_active) return { reason: REASON.hasAccount, deactivated: false };
  return { reason: REASON.deactivated, deactivated: true };
}

export interface ClassifiedInvitees {
  /** Addresses that do not validate: syntax or the realm's domain rules. */
  invalid: InvitationFailure[];
  /** Valid addresses that already belong to an account. */
  skipped: InvitationFailure[];
  /** Addresses to invite. */
  accepted: string[];
}

export function classifyInvitees(
  emails: readonly string[],
  restrictedDomains: readonly string[],
  accountFor: (email: string) => ExistingAccount | undefined,
): ClassifiedInvitees {
  const result: ClassifiedInvitees = { invalid: [], skipped: [], accepted: [] };
  for (const email of emails) {
    const error = addressError(email, restrictedDomains);
    if (error) {
      result.invalid.push([email, error, false]);
      continue;
    }
    const existing = existingAccountError(accountFor(email));
    if (existing) result.skipped.push([email, existing.reason, existing.deactivated]);
    else result.accepted.push(email);
  }
  return result;
}

export interface InvitationFailureBody {
  msg: string;
  errors: InvitationFailure[];
  sent_invitations: boolean;
  daily_limit_reached: boolean;
  license_limit_reached: boolean;
}

/**
 * upstream do_invite_users' three outcomes. Any invalid address stops everything; all addresses
 * taken stops everything; some taken means the rest are invited and the taken ones are reported.
 * Null: every address is invited and the reply is a plain success.
 */
export function invitationOutcome({ invalid, skipped, accepted }: ClassifiedInvitees): { send: boolean; failure: InvitationFailureBody | null } {
  const failure = (msg: string, errors: InvitationFailure[], sent: boolean): InvitationFailureBody => ({
    msg,
    errors,
    sent_invitations: sent,
    daily_limit_reached: false,
    license_limit_reached: false,
  });
  if (invalid.length > 0) return { send: false, failure: failure(OUTCOME_MESSAGE.someInvalid, [...invalid, ...skipped], false) };
  if (accepted.length === 0) return { send: false, failure: failure(OUTCOME_MESSAGE.noneInvited, skipped, false) };
  if (skipped.length > 0) return { send: true, failure: failure(OUTCOME_MESSAGE.someSkipped, skipped, true) };
  return { send: true, failure: null };
}
