// A line compose left out of a campaign, as the campaign keeps it and as its report shows it, on the
// Invitations screen and in the CSV export alike: a line too long to be an address is kept shortened,
// with its length, so the report says the line existed without carrying all of it (see
// shared/ipc/invitations.ts LeftOutAddress).
import { LEFT_OUT_WORDS, TOO_LONG_PREVIEW_LENGTH, type LeftOutAddress } from '../ipc/invitations';
import { plural } from './plural';

/** A pasted line longer than any address can be, shortened to what the campaign keeps. */
export function tooLongLine(line: string, name: string | null): LeftOutAddress {
  const cut = line.slice(0, TOO_LONG_PREVIEW_LENGTH);
  // Never half a character: a cut between the two halves of a surrogate pair drops the first half.
  const email = /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
  return { email, name, reason: 'too_long', characters: line.length };
}

/** The report's Address cell: the line, marked as cut where it was. */
export function leftOutLine(address: LeftOutAddress): string {
  return address.reason === 'too_long' ? `${address.email}…` : address.email;
}

/** Why, in words, with a shortened line's length: "Too long to be an address (1,204 characters)". */
export function leftOutWords(address: LeftOutAddress): string {
  const words = LEFT_OUT_WORDS[address.reason];
  return address.reason === 'too_long' && address.characters !== undefined ? `${words} (${plural(address.characters, 'character', 'characters')})` : words;
}
