import { describe, expect, test } from 'vitest';
import {
  addressError,
  classifyInvitees,
  existingAccountError,
  invitationOutcome,
  isValidEmail,
  OUTCOME_MESSAGE,
  parseInviteeEmails,
  REASON,
} from './invite-addresses';

describe('reading invitee_emails', () => {
  test('addresses are separated by commas and by newlines', () => {
    expect(parseInviteeEmails('a@x.test,b@x.test\nc@x.test')).toEqual(['a@x.test', 'b@x.test', 'c@x.test']);
  });

  test('"Name <email>" gives the email inside the angle brackets', () => {
    expect(parseInviteeEmails('Ada Lovelace <ada@x.test>, Alan <alan@x.test>')).toEqual(['ada@x.test', 'alan@x.test']);
  });

  test('surrounding whitespace, including Windows line ends, is stripped', () => {
    expect(parseInviteeEmails('  a@x.test \r\n\tb@x.test  ')).toEqual(['a@x.test', 'b@x.test']);
  });

  test('empty entries are skipped', () => {
    expect(parseInviteeEmails(',a@x.test,, ,\n\n')).toEqual(['a@x.test']);
  });

  test('a list of nothing but separators has no addresses', () => {
    expect(parseInviteeEmails(' , \n ,')).toEqual([]);
  });

  test('an address given twice, in any case, is kept once in its first spelling', () => {
    expect(parseInviteeEmails('Ada@X.test, ada@x.test, Ada <ADA@x.TEST>')).toEqual(['Ada@X.test']);
  });
});

describe('address syntax, as upstream (Django) judges it', () => {
  test.each(['ada@example.com', 'first.last@sub.example.co.uk', "o'brien+tag@example.org", 'x@localhost', 'me@[127.0.0.1]', 'me@[::1]', 'a@bücher.example'])(
    '%s is valid',
    (email) => expect(isValidEmail(email)).toBe(true),
  );

  test.each(['', 'plainaddress', '@example.com', 'ada@', 'ada@example', 'a..b@example.com', '.a@example.com', 'ada@-example.com', 'ada@example.c', 'two words@example.com', 'ada@example.com-', 'me@[999.1.1.1]', `${'a'.repeat(320)}@example.com`])(
    '%j is invalid',
    (email) => expect(isValidEmail(email)).toBe(false),
  );
});

describe('per-address reasons', () => {
  test('a malformed address is "Invalid address."', () => {
    expect(addressError('not-an-address', [])).toBe(REASON.invalid);
    expect(REASON.invalid).toBe('Invalid address.');
  });

  test('any domain is allowed when the realm restricts none', () => {
    expect(addressError('ada+tag@anywhere.example', [])).toBeNull();
  });

  test('outside the realm\'s domains is "Outside your domain."', () => {
    expect(addressError('ada@elsewhere.example', ['sandbox.test'])).toBe('Outside your domain.');
  });

  test('the domain comparison ignores case', () => {
    expect(addressError('ada@Sandbox.TEST', ['sandbox.test'])).toBeNull();
  });

  test('a realm restricted to its domains refuses addresses with +', () => {
    expect(addressError('ada+tag@sandbox.test', ['sandbox.test'])).toBe('Email addresses containing + are not allowed.');
  });

  test('syntax is judged before the domain', () => {
    expect(addressError('bad address@elsewhere.example', ['sandbox.test'])).toBe(REASON.invalid);
  });

  test('an active account is "Already has an account.", not deactivated', () => {
    expect(existingAccountError({ is_active: 1, is_system_bot: 0 })).toEqual({ reason: 'Already has an account.', deactivated: false });
  });

  test('a deactivated account is "Account has been deactivated." with the flag set', () => {
    expect(existingAccountError({ is_active: 0, is_system_bot: 0 })).toEqual({ reason: 'Account has been deactivated.', deactivated: true });
  });

  test('a system bot\'s address is "Reserved for system bots."', () => {
    expect(existingAccountError({ is_active: 1, is_system_bot: 1 })).toEqual({ reason: 'Reserved for system bots.', deactivated: false });
  });

  test('an address without an account has no reason', () => {
    expect(existingAccountError(undefined)).toBeNull();
  });
});

describe('outcomes', () => {
  const accounts: Record<string, { is_active: number; is_system_bot: number }> = {
    'mark@sandbox.test': { is_active: 1, is_system_bot: 0 },
    'derek@sandbox.test': { is_active: 0, is_system_bot: 0 },
  };
  const classify = (emails: string[], domains: string[] = []) => classifyInvitees(emails, domains, (email) => accounts[email.toLowerCase()]);

  test('an invalid address stops every invitation and reports the invalid and the taken addresses', () => {
    const outcome = invitationOutcome(classify(['new@x.test', 'bad', 'Mark@sandbox.test']));
    expect(outcome.send).toBe(false);
    expect(outcome.failure).toEqual({
      msg: "Some emails did not validate, so we didn't send any invitations.",
      errors: [
        ['bad', 'Invalid address.', false],
        ['Mark@sandbox.test', 'Already has an account.', false],
      ],
      sent_invitations: false,
      daily_limit_reached: false,
      license_limit_reached: false,
    });
  });

  test('when every address is taken nobody is invited', () => {
    const outcome = invitationOutcome(classify(['mark@sandbox.test', 'derek@sandbox.test']));
    expect(outcome.send).toBe(false);
    expect(outcome.failure?.msg).toBe("We weren't able to invite anyone.");
    expect(outcome.failure?.errors).toEqual([
      ['mark@sandbox.test', 'Already has an account.', false],
      ['derek@sandbox.test', 'Account has been deactivated.', true],
    ]);
    expect(outcome.failure?.sent_invitations).toBe(false);
  });

  test('when some addresses are taken the rest are invited and the taken ones reported', () => {
    const classified = classify(['new@x.test', 'mark@sandbox.test']);
    const outcome = invitationOutcome(classified);
    expect(classified.accepted).toEqual(['new@x.test']);
    expect(outcome.send).toBe(true);
    expect(outcome.failure).toMatchObject({ msg: OUTCOME_MESSAGE.someSkipped, errors: [['mark@sandbox.test', 'Already has an account.', false]], sent_invitations: true });
    expect(OUTCOME_MESSAGE.someSkipped).toBe(
      "Some of those addresses are already using Zulip, so we didn't send them an invitation. We did send invitations to everyone else!",
    );
  });

  test('when every address is new there is no failure', () => {
    expect(invitationOutcome(classify(['a@x.test', 'b@x.test']))).toEqual({ send: true, failure: null });
  });

  test('a domain-restricted realm reports outside addresses as invalid', () => {
    const outcome = invitationOutcome(classify(['ok@sandbox.test', 'out@elsewhere.example'], ['sandbox.test']));
    expect(outcome.failure?.errors).toEqual([['out@elsewhere.example', 'Outside your domain.', false]]);
    expect(outcome.send).toBe(false);
  });
});
