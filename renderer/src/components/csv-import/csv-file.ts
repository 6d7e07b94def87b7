// Reading a chosen CSV file into rows, in the page, and refusing what cannot be one with words that
// say what to do: a workbook or a PDF chosen by mistake, a binary file, an empty file, a broken quote.
// Spreadsheets export CSV in UTF-8, UTF-16 ("Unicode text") or, on older Excel, Windows-1252; all
// three are read.
import Papa from 'papaparse';

/** About 100,000 addresses with names (the contract's limit on a campaign) fit well within this. */
export const CSV_MAX_BYTES = 20 * 1024 * 1024;

export class CsvProblem extends Error {}

export interface CsvTable {
  fileName: string;
  /** Cells trimmed; empty lines left out. */
  rows: string[][];
  /** The widest row's length. */
  columns: number;
}

const EXPORT_AS_CSV = 'Export the spreadsheet as CSV and try again.';

export async function readCsvFile(file: File): Promise<CsvTable> {
  if (file.size > CSV_MAX_BYTES) {
    const mb = (file.size / 1024 / 1024).toFixed(1);
    throw new CsvProblem(`${file.name} is ${mb} MB, more than the 20 MB the console reads at once. Split the addresses into smaller files and send one campaign for each.`);
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  return parseCsvText(file.name, decodeCsv(file.name, bytes));
}

/** The file's text, or a CsvProblem when it is not a text file. */
export function decodeCsv(fileName: string, bytes: Uint8Array): string {
  if (bytes.length === 0) throw empty(fileName);
  const kind = knownBinary(bytes);
  if (kind) throw new CsvProblem(`${fileName} is ${kind}, not CSV. In your spreadsheet app, save or download the sheet as CSV (comma-separated values), then import that file.`);
  const text = decodeText(bytes);
  if (text === null || looksBinary(text)) throw new CsvProblem(`${fileName} is not text (it looks like a binary file). ${EXPORT_AS_CSV}`);
  return text.replace(/^\uFEFF/, '');
}

export function parseCsvText(fileName: string, text: string): CsvTable {
  if (text.trim() === '') throw empty(fileName);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', delimitersToGuess: [',', ';', '\t', '|'] });
  // A one-column file has no delimiter to guess; that is fine. A stray quote inside a field is read as
  // text, as spreadsheets do; a quote never closed is not, since it swallows every row after it.
  const broken = parsed.errors.find((error) => error.code === 'MissingQuotes');
  if (broken) {
    const row = broken.row === undefined ? '' : ` near row ${(broken.row + 1).toLocaleString()}`;
    throw new CsvProblem(`${fileName} could not be read as CSV: a quotation mark${row} is never closed. Fix that row in the spreadsheet and export it as CSV again.`);
  }
  const rows = parsed.data.map((row) => row.map((cell) => cell.trim())).filter((row) => row.some((cell) => cell !== ''));
  if (rows.length === 0) throw empty(fileName);
  return { fileName, rows, columns: Math.max(...rows.map((row) => row.length)) };
}

function empty(fileName: string) {
  return new CsvProblem(`${fileName} is empty: there are no addresses in it. ${EXPORT_AS_CSV}`);
}

/** Files people pick by mistake, by their first bytes. */
function knownBinary(bytes: Uint8Array): string | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'a workbook (.xlsx or .ods) or another zipped file';
  if (starts(0xd0, 0xcf, 0x11, 0xe0)) return 'an old Excel workbook (.xls)';
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'a PDF';
  return null;
}

function decodeText(bytes: Uint8Array): string | null {
  const decode = (encoding: string, fatal: boolean) => {
    try {
      return new TextDecoder(encoding, { fatal }).decode(bytes);
    } catch {
      return null;
    }
  };
  // UTF-16 has a byte-order mark from every spreadsheet that writes it.
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decode('utf-16le', true);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decode('utf-16be', true);
  // Not UTF-8: an older Excel's "CSV" is Windows-1252, which decodes any byte (so check it after).
  return decode('utf-8', true) ?? decode('windows-1252', false);
}

/** Text files hold no NUL and almost no other control characters; binary files hold plenty. */
function looksBinary(text: string): boolean {
  const sample = text.slice(0, 64 * 1024);
  if (sample.includes('\u0000')) return true;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is counted
  const controls = sample.match(/[\u0001-\u0008\u000e-\u001f\u007f]/g)?.length ?? 0;
  return controls > sample.length / 100;
}
