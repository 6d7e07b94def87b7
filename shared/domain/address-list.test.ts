import { describe, expect, test } from 'vitest';
import { dedupeInvitees, parseAddressList } from './address-list';

describe('reading a pasted list', () => {
  test('commas and newlines separate addresses; whitespace and empty entries are dropped', () => {
    expect(parseAddressList(' a@example.com,b@example.com\n\n  c@example.com ,, \r\nd@example.com\r\n')).toEqual([
      { email: 'a@example.com', name: null },
      { email: 'b@example.com', name: null },
      { email: 'c@example.com', name: null },
      { email: 'd@example.com', name: null },
    ]);
  });

  test('`Name <email>` gives the email and keeps the name', () => {
    expect(parseAddressList('Ada Lovelace <ada@example.com>, <bare@example.com>')).toEqual([
      { email: 'ada@example.com', name: 'Ada Lovelace' },
      { email: 'bare@example.com', name: null },
    ]);
  });

  test('a comma inside a quoted name does not split the entry', () => {
    expect(parseAddressList('"Doe, Jane" <jane@example.com>, john@example.com')).toEqual([
      { email: 'jane@example.com', name: 'Doe, Jane' },
      { email: 'john@example.com', name: null },
    ]);
  });

  test('an unbalanced quote ends at the line, so the rest of the list still reads', () => {
    expect(parseAddressList('"Broken <x@example.com>\ny@example.com')).toEqual([
      { email: 'x@example.com', name: '"Broken' },
      { email: 'y@example.com', name: null },
    ]);
  });

  test('nothing but separators is an empty list', () => {
    expect(parseAddressList(' ,\n , ')).toEqual([]);
    expect(parseAddressList('Name <>')).toEqual([]);
  });

  test('long names are cut to what the contract carries', () => {
    const [invitee] = parseAddressList(`${'N'.repeat(300)} <n@example.com>`);
    expect(invitee?.name).toHaveLength(200);
  });
});

test('semicolons separate entries as commas do (Outlook copies lists with them), but not inside a quoted name', () => {
  expect(parseAddressList('ann@example.com; Bob <bob@example.com>;carl@example.com\n"Lee; Dee" <dee@example.com>')).toEqual([
    { email: 'ann@example.com', name: null },
    { email: 'bob@example.com', name: 'Bob' },
    { email: 'carl@example.com', name: null },
    { email: 'dee@example.com', name: 'Lee; Dee' },
  ]);
  expect(parseAddressList('who@nowhere.test; not-an-address').map((invitee) => invitee.email)).toEqual(['who@nowhere.test', 'not-an-address']);
});

describe('removing duplicates', () => {
  test('keeps the first spelling and reports later ones, ignoring case', () => {
    const list = parseAddressList('Ann@Example.com, bob@example.com, ann@example.COM, BOB@example.com, ann@example.com');
    const { unique, duplicates } = dedupeInvitees(list);
    expect(unique.map((invitee) => invitee.email)).toEqual(['Ann@Example.com', 'bob@example.com']);
    expect(duplicates.map(({ index, firstIndex }) => [index, firstIndex])).toEqual([
      [2, 0],
      [3, 1],
      [4, 0],
    ]);
  });

  test('a name given only by a later entry is kept with the first spelling; a first name is never replaced', () => {
    const { unique } = dedupeInvitees(parseAddressList('ann@example.com\nAnn Lee <ANN@example.com>\nBob <bob@example.com>\nRobert <bob@example.com>'));
    expect(unique).toEqual([
      { email: 'ann@example.com', name: 'Ann Lee' },
      { email: 'bob@example.com', name: 'Bob' },
    ]);
  });
});
