// A small CSV writer for the console's exports (the activity log, invitation reports). RFC 4180
// quoting, CRLF line ends, and safe to open in a spreadsheet: names and messages come from the realm's
// users, so a cell like `=HYPERLINK(...)` must stay text, never become a formula (OWASP "CSV Injection").

export type CsvCell = string | number | null;

/**
 * OWASP's list of characters that make a spreadsheet read a cell as a formula (or, for tab and
 * carriage return, hide one behind leading whitespace).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** RFC 4180 2.6: fields holding these must be quoted. */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * The header and rows as one CSV text, every record ending in CRLF (RFC 4180 2.1). Null is an empty
 * cell; numbers are written as numbers (a negative number is a number, not a formula).
 */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}

/** One cell: text that would start a formula gets a leading single quote, then RFC 4180 quoting. */
export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
