// Importing addresses from a CSV file: the file is read in the page, the column of addresses (and of
// names) is guessed and can be changed, a header row is detected and can be toggled, and the first
// rows are shown so the user sees what the choice means before anything is checked or sent.
import { useId, useState, type ChangeEvent } from 'react';
import { ProblemText } from '../Field';
import { FilePicker, filePickerLabelId } from '../FilePicker';
import { columnLabel, columnLetter, detectHeader, guessCsvChoice, type CsvChoice } from './csv-columns';
import { CsvProblem, readCsvFile, type CsvTable } from './csv-file';
import '../data-table.css';
import './csv-import.css';

const PREVIEW_ROWS = 5;

export interface CsvImportProps {
  csv: { table: CsvTable; choice: CsvChoice } | null;
  onCsv(csv: { table: CsvTable; choice: CsvChoice } | null): void;
}

export function CsvImport({ csv, onCsv }: CsvImportProps) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setReading(true);
    try {
      const table = await readCsvFile(file);
      onCsv({ table, choice: guessCsvChoice(table) });
      setProblem(null);
    } catch (error) {
      if (!(error instanceof CsvProblem)) throw error;
      onCsv(null);
      setProblem(error.message);
    } finally {
      setReading(false);
    }
  };

  return (
    <div className="csv-import">
      <div className="field">
        <label id={filePickerLabelId(`${id}-file`)} htmlFor={`${id}-file`}>
          CSV file
        </label>
        <FilePicker
          id={`${id}-file`}
          defaultFileName={csv?.table.fileName}
          accept=".csv,.tsv,.txt,text/csv,text/plain"
          aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => void onFile(event)}
        />
        {problem ? (
          <div role="alert">
            <ProblemText id={`${id}-problem`} message={problem} />
          </div>
        ) : (
          <p id={`${id}-hint`} className="field-hint">
            {reading ? 'Reading the file…' : 'A spreadsheet saved as CSV, with the addresses in one column (and names in another, if you like).'}
          </p>
        )}
      </div>
      {csv && <CsvColumns table={csv.table} choice={csv.choice} onChoice={(choice) => onCsv({ table: csv.table, choice })} />}
    </div>
  );
}

function CsvColumns({ table, choice, onChoice }: { table: CsvTable; choice: CsvChoice; onChoice(choice: CsvChoice): void }) {
  const id = useId();
  const columns = Array.from({ length: table.columns }, (_, index) => index);
  const label = (index: number) => columnLabel(table, index, choice.header);
  return (
    <div className="csv-columns">
      <p className="muted">
        {table.fileName}: {table.rows.length.toLocaleString()} {table.rows.length === 1 ? 'row' : 'rows'}, {table.columns} {table.columns === 1 ? 'column' : 'columns'}.
      </p>
      <div className="csv-choices">
        <div className="field">
          <label htmlFor={`${id}-column`}>Addresses are in</label>
          <select
            id={`${id}-column`}
            value={choice.column}
            onChange={(event) => {
              const column = Number(event.target.value);
              // A new column may have a header where the old one had an address, or the other way round.
              onChoice({ column, header: detectHeader(table, column), nameColumn: choice.nameColumn === column ? null : choice.nameColumn });
            }}
          >
            {columns.map((index) => (
              <option key={index} value={index}>
                {label(index)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-names`}>Names are in</label>
          <select
            id={`${id}-names`}
            value={choice.nameColumn ?? ''}
            onChange={(event) => onChoice({ ...choice, nameColumn: event.target.value === '' ? null : Number(event.target.value) })}
          >
            <option value="">No column (addresses only)</option>
            {columns
              .filter((index) => index !== choice.column)
              .map((index) => (
                <option key={index} value={index}>
                  {label(index)}
                </option>
              ))}
          </select>
        </div>
        <label className="check-label">
          <input type="checkbox" checked={choice.header} onChange={(event) => onChoice({ ...choice, header: event.target.checked })} />
          The first row is a header (column titles, not an address)
        </label>
      </div>
      <CsvPreview table={table} choice={choice} />
    </div>
  );
}

function CsvPreview({ table, choice }: { table: CsvTable; choice: CsvChoice }) {
  const rows = table.rows.slice(0, PREVIEW_ROWS + (choice.header ? 1 : 0));
  const role = (index: number) => (index === choice.column ? 'address' : index === choice.nameColumn ? 'name' : undefined);
  return (
    <div className="panel table-scroll csv-preview">
      <table className="data-table">
        <caption className="visually-hidden">The first rows of {table.fileName}</caption>
        <thead>
          <tr>
            {Array.from({ length: table.columns }, (_, index) => (
              <th key={index} scope="col" data-role={role(index)}>
                Column {columnLetter(index)}
                {role(index) && <span className="csv-role"> · {role(index)}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => {
            const isHeader = choice.header && rowIndex === 0;
            return (
              <tr key={rowIndex} className={isHeader ? 'csv-header-row' : undefined}>
                {Array.from({ length: table.columns }, (_, index) => (
                  <td key={index} data-role={role(index)}>
                    {row[index] ?? ''}
                    {isHeader && index === choice.column && <span className="visually-hidden"> (header, not imported)</span>}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {table.rows.length > rows.length && <p className="muted csv-more-rows">and {(table.rows.length - rows.length).toLocaleString()} more rows</p>}
    </div>
  );
}
