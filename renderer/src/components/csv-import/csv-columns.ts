// Which column of an imported CSV holds the addresses (and, optionally, the names), whether its first
// row is a header, and the invitees it gives. The guesses are only defaults: the user can change each.
import { MAX_NAME_LENGTH, parseEntry } from '../../../../shared/domain/address-list';
import type { Invitee } from '../../../../shared/ipc';
import { CsvProblem, type CsvTable } from './csv-file';

/** How many rows the guesses look at: enough to be sure, quick on a 100,000-row file. */
const SAMPLE_ROWS = 500;

/** Something with an @ between non-blank characters: an address, or `Name <address>`. */
export function looksLikeAddress(cell: string | undefined): boolean {
  return cell !== undefined && /[^\s@<>,;]@[^\s@<>,;]/.test(cell);
}

export interface CsvChoice {
  column: number;
  /** A column of names, or null. */
  nameColumn: number | null;
  /** The first row is a header, not an address. */
  header: boolean;
}

/** Spreadsheet-style letters for a column: A, B, ..., Z, AA, AB. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** "Column B (Email)" with a header row, "Column B (ann@example.com, …)" without. */
export function columnLabel(table: CsvTable, index: number, header: boolean): string {
  const first = table.rows[0]?.[index] ?? '';
  const example = header ? first : table.rows.find((row) => (row[index] ?? '') !== '')?.[index];
  return example ? `Column ${columnLetter(index)} (${truncate(example, 40)})` : `Column ${columnLetter(index)}`;
}

function truncate(text: string, length: number) {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/**
 * The column with the most addresses in it, whether its first row is a header, and a column of
 * names when the header names one. A file with no column of addresses at all is a CsvProblem.
 */
export function guessCsvChoice(table: CsvTable): CsvChoice {
  const sample = table.rows.slice(0, SAMPLE_ROWS);
  let column = -1;
  let best = 0;
  for (let index = 0; index < table.columns; index++) {
    const count = sample.filter((row) => looksLikeAddress(row[index])).length;
    if (count > best) [column, best] = [index, count];
  }
  if (column < 0) {
    const where = table.rows.length > SAMPLE_ROWS ? `the first ${SAMPLE_ROWS.toLocaleString()} rows of ${table.fileName}` : table.fileName;
    throw new CsvProblem(
      `No column of addresses was found: nothing in ${where} looks like an email address (there is no “@”). Check that this is the file with the addresses, in a column of their own, and export it as CSV again.`,
    );
  }
  const header = detectHeader(table, column);
  return { column, header, nameColumn: header ? guessNameColumn(table.rows[0] ?? [], column) : null };
}

/** The first row is a header when, in the chosen column, it is not an address. */
export function detectHeader(table: CsvTable, column: number): boolean {
  return !looksLikeAddress(table.rows[0]?.[column]);
}

/** A header cell saying "name" ("Full name" first), other than the address column's. */
function guessNameColumn(header: string[], column: number): number | null {
  const candidates = header.map((cell, index) => ({ cell: cell.toLowerCase(), index })).filter(({ index }) => index !== column);
  const full = candidates.find(({ cell }) => /^(full[\s_-]*)?name$|display[\s_-]*name/.test(cell));
  const any = candidates.find(({ cell }) => cell.includes('name') && !/mail/.test(cell));
  return (full ?? any)?.index ?? null;
}

export interface CsvEntries {
  /** In file order, duplicates kept (they are removed with the pasted ones' rule). */
  entries: Invitee[];
  /** Rows with nothing in the chosen column (left out). */
  blankRows: number;
}

/** The invitees the chosen columns give. A `Name <address>` cell gives both; a name column wins over it. */
export function csvEntries(table: CsvTable, choice: CsvChoice): CsvEntries {
  const entries: Invitee[] = [];
  let blankRows = 0;
  const rows = choice.header ? table.rows.slice(1) : table.rows;
  for (const row of rows) {
    const cell = row[choice.column] ?? '';
    if (cell === '') {
      blankRows++;
      continue;
    }
    // The same reading as pasted text: `"Doe, Jane" <jane@example.com>` gives both.
    const parsed = parseEntry(cell);
    if (!parsed) {
      blankRows++;
      continue;
    }
    const columnName = choice.nameColumn === null ? null : row[choice.nameColumn]?.trim().slice(0, MAX_NAME_LENGTH) || null;
    entries.push({ email: parsed.email, name: columnName ?? parsed.name });
  }
  return { entries, blankRows };
}
