import { describe, expect, test } from 'vitest';
import { describeList, listFromCsv, listFromText } from './address-list';
import { columnLabel, detectHeader, guessCsvChoice } from './csv-columns';
import { CsvProblem, decodeCsv, parseCsvText, readCsvFile } from './csv-file';

const utf8 = (text: string) => new TextEncoder().encode(text);
const file = (name: string, bytes: Uint8Array<ArrayBuffer> | string) => new File([typeof bytes === 'string' ? utf8(bytes) : bytes], name);

async function problemOf(csv: File): Promise<string> {
  try {
    const table = await readCsvFile(csv);
    guessCsvChoice(table);
  } catch (error) {
    if (error instanceof CsvProblem) return error.message;
    throw error;
  }
  throw new Error('no problem found');
}

describe('choosing the column', () => {
  test('the column of addresses is found, its header row detected, and a name column named in the header picked', async () => {
    const table = await readCsvFile(file('staff.csv', 'Department,Full name,Work email\nSales,Ann Lee,ann@example.com\nSales,Bob Roy,bob@example.com\n'));
    expect(guessCsvChoice(table)).toEqual({ column: 2, header: true, nameColumn: 1 });
    expect(columnLabel(table, 2, true)).toBe('Column C (Work email)');
    expect(listFromCsv(table, guessCsvChoice(table)).unique).toEqual([
      { email: 'ann@example.com', name: 'Ann Lee' },
      { email: 'bob@example.com', name: 'Bob Roy' },
    ]);
  });

  test('a file without a header starts with an address, so nothing is taken as one', async () => {
    const table = await readCsvFile(file('list.csv', 'ann@example.com,Ann\nbob@example.com,Bob\n'));
    expect(guessCsvChoice(table)).toEqual({ column: 0, header: false, nameColumn: null });
    expect(columnLabel(table, 0, false)).toBe('Column A (ann@example.com)');
    expect(listFromCsv(table, guessCsvChoice(table)).unique.map((invitee) => invitee.email)).toEqual(['ann@example.com', 'bob@example.com']);
  });

  test('the header is detected again for another column, and can be turned off by hand', async () => {
    const table = await readCsvFile(file('mixed.csv', 'ann@example.com,Email\nbob@example.com,carl@example.com\n'));
    expect(detectHeader(table, 0)).toBe(false);
    expect(detectHeader(table, 1)).toBe(true);
    const withHeader = listFromCsv(table, { column: 1, header: true, nameColumn: null });
    expect(withHeader.unique.map((invitee) => invitee.email)).toEqual(['carl@example.com']);
    const without = listFromCsv(table, { column: 1, header: false, nameColumn: null });
    expect(without.unique.map((invitee) => invitee.email)).toEqual(['Email', 'carl@example.com']);
  });

  test('semicolons and tabs separate columns too (spreadsheets in many locales export them)', async () => {
    expect(guessCsvChoice(await readCsvFile(file('eu.csv', 'Name;E-Mail\nAnn;ann@example.com\n'))).column).toBe(1);
    expect(guessCsvChoice(await readCsvFile(file('tabs.tsv', 'Name\tEmail\nAnn\tann@example.com\n'))).column).toBe(1);
  });

  test('“Name <address>” cells give both, duplicates are removed and blank cells counted', async () => {
    const table = await readCsvFile(file('people.csv', 'Who,Team\n"""Lee, Ann"" <ann@example.com>",A\nANN@example.com,B\n\n,C\nbob@example.com,D\n'));
    const list = listFromCsv(table, guessCsvChoice(table));
    expect(list.unique).toEqual([
      { email: 'ann@example.com', name: 'Lee, Ann' },
      { email: 'bob@example.com', name: null },
    ]);
    expect(list.duplicates).toBe(1);
    expect(list.blankRows).toBe(1);
  });

  test('UTF-16 and Windows-1252 exports are read as the text they are', () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'José,jose@example.com\n'].flatMap((char) => [char.charCodeAt(0), 0])]);
    expect(parseCsvText('u.csv', decodeCsv('u.csv', utf16)).rows).toEqual([['José', 'jose@example.com']]);
    const latin = new Uint8Array([...utf8('Ren'), 0xe9, ...utf8(',rene@example.com\n')]);
    expect(parseCsvText('w.csv', decodeCsv('w.csv', latin)).rows).toEqual([['René', 'rene@example.com']]);
  });
});

describe('files that are not a CSV of addresses', () => {
  test('a binary file is refused in words that say what to do', async () => {
    const bytes = new Uint8Array(2048).map((_, index) => (index * 37) % 256);
    expect(await problemOf(file('photo.jpg', bytes))).toBe('photo.jpg is not text (it looks like a binary file). Export the spreadsheet as CSV and try again.');
  });

  test('a workbook chosen instead of its CSV export is named as one', async () => {
    const xlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]);
    expect(await problemOf(file('staff.xlsx', xlsx))).toMatch(/^staff\.xlsx is a workbook \(\.xlsx or \.ods\).*, not CSV\. In your spreadsheet app, save or download the sheet as CSV/);
  });

  test('an empty file, or one of blank lines, says it is empty', async () => {
    expect(await problemOf(file('empty.csv', ''))).toBe('empty.csv is empty: there are no addresses in it. Export the spreadsheet as CSV and try again.');
    expect(await problemOf(file('blank.csv', '\n \r\n,,\n'))).toBe('blank.csv is empty: there are no addresses in it. Export the spreadsheet as CSV and try again.');
  });

  test('a file without any column of addresses says so', async () => {
    expect(await problemOf(file('names.csv', 'Name,Team\nAnn,Sales\nBob,Support\n'))).toMatch(
      /^No column of addresses was found: nothing in names\.csv looks like an email address \(there is no “@”\)\./,
    );
  });

  test('a quotation mark never closed names the row', async () => {
    expect(await problemOf(file('broken.csv', 'Email\nann@example.com\n"bob@example.com\n'))).toMatch(/^broken\.csv could not be read as CSV: a quotation mark near row \d+ is never closed/);
  });
});

describe('lines longer than any address can be', () => {
  test('are left out of the addresses, kept shortened with their length and name, so a campaign’s report can list each', async () => {
    const long = `${'z'.repeat(700)}@example.com`;
    const fromText = listFromText(`ann@example.com\n${long}\nJo <${long}>`);
    expect(fromText.unique).toEqual([{ email: 'ann@example.com', name: null }]);
    expect(fromText.tooLong).toEqual([
      { email: 'z'.repeat(60), name: null, reason: 'too_long', characters: 712 },
      { email: 'z'.repeat(60), name: 'Jo', reason: 'too_long', characters: 712 },
    ]);
    expect(describeList(fromText)).toBe('1 address; 2 entries longer than 320 characters left out.');

    const table = await readCsvFile(file('staff.csv', `Name,Email\nAnn,ann@example.com\nLong,${long}\n`));
    expect(listFromCsv(table, guessCsvChoice(table)).tooLong).toEqual([{ email: 'z'.repeat(60), name: 'Long', reason: 'too_long', characters: 712 }]);
  });
});
