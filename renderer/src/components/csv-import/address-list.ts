// The addresses a campaign would go to, from pasted text or an imported CSV: each address once (the
// first spelling kept), with what was left out and why, so the screen can say it.
import { MAX_EMAIL_LENGTH } from '../../../../shared/api/email-address';
import { dedupeInvitees, parseAddressList } from '../../../../shared/domain/address-list';
import { tooLongLine } from '../../../../shared/domain/left-out';
import type { Invitee, LeftOutAddress } from '../../../../shared/ipc';
import { csvEntries, type CsvChoice } from './csv-columns';
import type { CsvTable } from './csv-file';
import { plural } from '../../../../shared/domain/plural';

export interface AddressList {
  /** Each address once: these are checked and sent. */
  unique: Invitee[];
  /** Later entries of an address already in the list. */
  duplicates: number;
  /** Those entries, in order: a campaign's report lists each as left out. */
  repeated: Invitee[];
  /**
   * Longer than any address can be: left out, since the core would refuse the whole list. Kept
   * shortened, with their length, so a campaign's report still lists each line.
   */
  tooLong: LeftOutAddress[];
  /** CSV rows with nothing in the chosen column. */
  blankRows: number;
}

export const EMPTY_LIST: AddressList = { unique: [], duplicates: 0, repeated: [], tooLong: [], blankRows: 0 };

export function listFromText(text: string): AddressList {
  return build(parseAddressList(text), 0);
}

export function listFromCsv(table: CsvTable, choice: CsvChoice): AddressList {
  const { entries, blankRows } = csvEntries(table, choice);
  return build(entries, blankRows);
}

function build(entries: Invitee[], blankRows: number): AddressList {
  const tooLong: LeftOutAddress[] = [];
  const fitting = entries.filter((entry) => {
    if (entry.email.length <= MAX_EMAIL_LENGTH) return true;
    tooLong.push(tooLongLine(entry.email, entry.name));
    return false;
  });
  const { unique, duplicates } = dedupeInvitees(fitting);
  return { unique, duplicates: duplicates.length, repeated: duplicates.map((duplicate) => duplicate.invitee), tooLong, blankRows };
}

/** "412 addresses; 3 duplicates removed; 2 rows without an address left out." */
export function describeList(list: AddressList): string {
  const parts = [plural(list.unique.length, 'address', 'addresses')];
  if (list.duplicates > 0) parts.push(`${plural(list.duplicates, 'duplicate', 'duplicates')} removed`);
  if (list.blankRows > 0) parts.push(`${plural(list.blankRows, 'row', 'rows')} without an address left out`);
  if (list.tooLong.length > 0) parts.push(`${plural(list.tooLong.length, 'entry', 'entries')} longer than ${MAX_EMAIL_LENGTH} characters left out`);
  return `${parts.join('; ')}.`;
}
