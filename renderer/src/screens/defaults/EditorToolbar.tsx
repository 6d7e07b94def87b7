// Above the form: find a setting (with the count of matches), and the actions on the whole set —
// import and export a file, copy to other realms, reset everything to upstream's usual defaults.
import { useRef } from 'react';
import type { DefaultsView } from '../../../../shared/ipc';
import type { ParsedDefaultsFile } from '../../../../shared/domain/defaults-file';
import { readDefaultsFile } from './defaults-file-io';
import type { SearchResult } from './setting-search';

export interface EditorToolbarProps {
  view: DefaultsView;
  query: string;
  search: SearchResult;
  /** Settings a "reset all" would change. */
  resettable: number;
  onQuery(query: string): void;
  onImport(fileName: string, parsed: ParsedDefaultsFile): void;
  onExport(): void;
  onCopy(): void;
  onResetAll(): void;
}

export function EditorToolbar({ view, query, search, resettable, onQuery, onImport, onExport, onCopy, onResetAll }: EditorToolbarProps) {
  const picker = useRef<HTMLInputElement>(null);
  const searching = query.trim() !== '';
  return (
    <div className="section-head">
      <div className="search-box defaults-search">
        <label htmlFor="defaults-search">Find a setting</label>
        <input id="defaults-search" type="search" value={query} placeholder="Name, description or API name" onChange={(event) => onQuery(event.target.value)} aria-describedby="defaults-search-count" />
        <p id="defaults-search-count" className="muted" aria-live="polite">
          {searching ? `${search.matches} of ${search.total} settings match` : `${search.total} settings`}
        </p>
      </div>
      <div className="defaults-actions">
        {view.canEdit && (
          <>
            <input
              ref={picker}
              type="file"
              accept=".json,application/json"
              className="visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void readDefaultsFile(file).then((parsed) => onImport(file.name, parsed));
              }}
            />
            <button type="button" className="button" onClick={() => picker.current?.click()}>
              Import…
            </button>
          </>
        )}
        <button type="button" className="button" onClick={onExport}>
          Export
        </button>
        <button type="button" className="button" onClick={onCopy}>
          Copy to other realms…
        </button>
        {view.canEdit && (
          // With nothing to reset, the disabled button's label says why (a tooltip would hide it).
          <button type="button" className="button" disabled={resettable === 0} onClick={onResetAll}>
            {resettable === 0 ? 'All at usual defaults' : 'Reset all to usual defaults'}
          </button>
        )}
      </div>
    </div>
  );
}
