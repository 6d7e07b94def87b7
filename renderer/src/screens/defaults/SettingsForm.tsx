// The settings, section by section, filtered by the search. Each section can be reset to upstream's
// usual defaults; a reset is only a set of edits, reviewed and saved like any other.
import type { UserSettingName, UserSettingValue } from '../../../../shared/api';
import { conflictOf, keepMine, setEdit, setEdits, takeTheirs, type DefaultsValues, type Edits } from '../../../../shared/domain/defaults-edits';
import { usualValuesFor } from '../../../../shared/domain/defaults-usual';
import type { SettingGroupInfo } from '../../../../shared/domain/user-settings-defaults';
import type { DefaultsView } from '../../../../shared/ipc';
import { useDefaultsUi } from './defaults-ui';
import type { SearchResult } from './setting-search';
import { SettingRow } from './SettingRow';

export interface SettingsFormProps {
  view: DefaultsView;
  /** The server's values with the edits applied: what the form shows. */
  effective: DefaultsValues;
  search: SearchResult;
}

const NO_EDITS: Edits = {};

export function SettingsForm({ view, effective, search }: SettingsFormProps) {
  const ui = useDefaultsUi();
  const server = view.values as DefaultsValues;
  const edit = (change: (edits: Edits) => Edits) => ui.setEdits(change(useDefaultsUi.getState().edits));
  // Read-only (the user's rights went while editing): the server's values, with no edit or "changed
  // meanwhile" offering buttons that could do nothing; the edits stay in the store for when rights return.
  const edits: Edits = view.canEdit ? ui.edits : NO_EDITS;

  return (
    <div className="settings-form">
      {search.groups.map(({ group, entries }) => (
        <section key={group.id} className="panel settings-section" aria-labelledby={`defaults-group-${group.id}`}>
          <SectionHead group={group} view={view} resettable={Object.keys(usualValuesFor(effective, group.id)).length} onReset={() => edit((edits) => setEdits(edits, server, usualValuesFor(effective, group.id)))} />
          {entries.length === 0 ? (
            <p className="muted settings-empty">No setting in {group.label} matches “{ui.query.trim()}”.</p>
          ) : (
            <div className="settings-rows">
              {entries.map((entry) => {
                const name: UserSettingName = entry.name;
                return (
                  <SettingRow
                    key={`${name}-${ui.generation}`}
                    entry={entry}
                    view={view}
                    edit={edits[name]}
                    conflict={conflictOf(server, edits, name)}
                    ignored={ui.ignored[name]}
                    invalid={ui.invalid[name]}
                    onChange={(value: UserSettingValue) => edit((edits) => setEdit(edits, server, name, value))}
                    onInvalid={(problem) => ui.setInvalid(name, problem)}
                    onKeepMine={() => edit((edits) => keepMine(edits, server, name))}
                    onTakeTheirs={() => edit((edits) => takeTheirs(edits, name))}
                  />
                );
              })}
            </div>
          )}
        </section>
      ))}
    </div>
  );
}

function SectionHead({ group, view, resettable, onReset }: { group: SettingGroupInfo; view: DefaultsView; resettable: number; onReset(): void }) {
  return (
    <div className="settings-section-head">
      <div>
        <h2 id={`defaults-group-${group.id}`}>{group.label}</h2>
        <p className="muted">{group.description}</p>
      </div>
      {view.canEdit && (
        <button type="button" className="button button-small" disabled={resettable === 0} onClick={onReset} title={resettable === 0 ? `Every ${group.label} setting has its usual default.` : undefined}>
          Reset section to usual defaults
          <span className="visually-hidden"> ({group.label})</span>
        </button>
      )}
    </div>
  );
}
