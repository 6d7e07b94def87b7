import { describe, expect, test } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('toCsv', () => {
  test('writes the header and rows as CRLF-terminated records', () => {
    expect(toCsv(['Name', 'Count'], [['Mark', 3], ['Gina', 0]])).toBe('Name,Count\r\nMark,3\r\nGina,0\r\n');
  });

  test('a header alone is one record', () => {
    expect(toCsv(['Time', 'Actor'], [])).toBe('Time,Actor\r\n');
  });

  test('null is an empty cell', () => {
    expect(toCsv(['a', 'b', 'c'], [['x', null, 'z']])).toBe('a,b,c\r\nx,,z\r\n');
  });

  test('commas, quotes and line breaks are quoted, with quotes doubled (RFC 4180)', () => {
    expect(csvCell('Member, then Administrator')).toBe('"Member, then Administrator"');
    expect(csvCell('the "only" owner')).toBe('"the ""only"" owner"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
  });

  test('plain text, unicode and empty strings pass unchanged', () => {
    expect(csvCell('Member → Administrator')).toBe('Member → Administrator');
    expect(csvCell('')).toBe('');
  });
});

describe('formula injection (OWASP)', () => {
  test.each(['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1:A2)', '\t=1', '\r=1'])(
    'a cell starting like a formula stays text: %j',
    (value) => {
      const cell = csvCell(value);
      // Unquoted cells start with the apostrophe; quoted ones right after the opening quote.
      expect(cell.startsWith("'") || cell.startsWith(`"'`)).toBe(true);
    },
  );

  test('the escaped cell is still quoted when it needs to be', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvCell('=1+1')).toBe("'=1+1");
  });

  test('a formula character inside a cell is harmless and left alone', () => {
    expect(csvCell('Olivia = owner')).toBe('Olivia = owner');
    expect(csvCell('mark@sandbox.test')).toBe('mark@sandbox.test');
  });

  test('numbers are numbers, negative ones too', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(1.5)).toBe('1.5');
    expect(csvCell(Number.NaN)).toBe('');
  });
});
