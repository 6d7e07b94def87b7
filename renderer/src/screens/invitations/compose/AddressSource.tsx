// Where the addresses come from: pasted (commas, semicolons or new lines, `Name <email>` accepted) or a CSV
// file. What is typed or imported lives in the screen's store, so leaving the screen keeps it.
import { useId } from 'react';
import type { ComposeDraft } from '../invitations-ui';
import { CsvImport } from '../../../components/csv-import/CsvImport';

const MODES: { id: ComposeDraft['mode']; label: string }[] = [
  { id: 'paste', label: 'Paste addresses' },
  { id: 'csv', label: 'Import a CSV file' },
];

export function AddressSource({ draft, onDraft }: { draft: ComposeDraft; onDraft(change: Partial<ComposeDraft>): void }) {
  const id = useId();
  return (
    <div className="inv-address-source">
      <fieldset>
        <legend className="visually-hidden">Where the addresses come from</legend>
        <div className="segmented inv-segmented">
          {MODES.map((mode) => (
            <label key={mode.id} className="segment">
              <input type="radio" name={`${id}-mode`} value={mode.id} checked={draft.mode === mode.id} onChange={() => onDraft({ mode: mode.id })} />
              <span>{mode.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {draft.mode === 'paste' ? (
        <div className="field">
          <label htmlFor={`${id}-text`}>Addresses</label>
          <textarea
            id={`${id}-text`}
            className="inv-address-text"
            rows={8}
            spellCheck={false}
            value={draft.text}
            placeholder={'ann@example.com, bob@example.com\nCarla Díaz <carla@example.com>'}
            aria-describedby={`${id}-hint`}
            onChange={(event) => onDraft({ text: event.target.value })}
          />
          <p id={`${id}-hint`} className="field-hint">
            Separate addresses with commas, semicolons or new lines. “Name &lt;address&gt;” is fine: the name is kept for the report.
          </p>
        </div>
      ) : (
        <CsvImport csv={draft.csv} onCsv={(csv) => onDraft({ csv })} />
      )}
    </div>
  );
}
