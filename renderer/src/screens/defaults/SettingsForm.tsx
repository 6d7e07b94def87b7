// The settings, section by section, filtered by the search. Each section can be reset to upstream's
// usual defaults (only the settings the search shows, while it hides some); a reset is only a set of
// edits, reviewed and saved like any other, and says what it did in its section.
import type { UserSettingName, UserSettingValue } from '../../../../shared/api';
import { conflictOf, keepMine, setEdit, takeTheirs, type DefaultsValues, type Edits } from '../../../../shared/domain/defaults-edits';
import { usualValuesFor } from '../../../../shared/domain/defaults-usual';
import { listWords } from '../../../../shared/domain/list-words';
import type { SettingGroup, SettingGroupInfo } from '../../../../shared/domain/user-settings-defaults';
import type { DefaultsView } from '../../../../shared/ipc';
import { useDefaultsUi } from './defaults-ui';
import { FocusedStatus } from '../../components/FocusedStatus';
import type { SearchResult } from './setting-search';
import { SettingRow } from './SettingRow';

export interface SettingsFormProps {
  view: DefaultsView;
  /** The server's values with the edits applied: what the form shows. */
  effective: DefaultsValues;
  search: SearchResult;
  /** What the last reset did, while the form holds its edits: shown in its section ('all': above the form). */
  resetNote: { scope: SettingGroup | 'all'; words: string } | null;
  /** Resets these settings (the section's shown ones that differ) to their usual values. */
  onResetSection(group: SettingGroupInfo, usual: DefaultsValues, partial: boolean): void;
}

const NO_EDITS: Edits = {};

export function SettingsForm({ view, effective, search, resetNote, onResetSection }: SettingsFormProps) {
  const ui = useDefaultsUi();
  const server = view.values as DefaultsValues;
  const edit = (change: (edits: Edits) => Edits) => ui.setEdits(change(useDefaultsUi.getState().edits));
  // Read-only (the user's rights went while editing): the server's values, with no edit or "changed
  // meanwhile" offering buttons that could do nothing; the edits stay in the store for when rights return.
  const edits: Edits = view.canEdit ? ui.edits : NO_EDITS;

  const query = ui.query.trim();
  if (search.matches === 0) {
    return (
      <div className="empty-state">
        <p>No setting matches “{query}”.</p>
        <p className="muted">The search looks in each setting’s name, description and API name (such as color_scheme). Try fewer words.</p>
      </div>
    );
  }
  const shown = search.groups.filter(({ entries }) => entries.length > 0);
  const unmatched = search.groups.filter(({ entries }) => entries.length === 0).map(({ group }) => group.label);

  return (
    <div className="settings-form">
      {shown.map(({ group, entries, of }) => {
        const names = new Set<string>(entries.map((entry) => entry.name));
        const usual = Object.fromEntries(Object.entries(usualValuesFor(effective, group.id)).filter(([name]) => names.has(name))) as DefaultsValues;
        const partial = entries.length < of;
        return (
          <section key={group.id} className="panel settings-section" aria-labelledby={`defaults-group-${group.id}`}>
            <SectionHead group={group} view={view} resettable={Object.keys(usual).length} partial={partial} onReset={() => onResetSection(group, usual, partial)} />
            {resetNote?.scope === group.id && <FocusedStatus className="muted export-note reset-note" news={resetNote.words}>{resetNote.words}</FocusedStatus>}
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
          </section>
        );
      })}
      {unmatched.length > 0 && <p className="muted settings-empty">No setting in {listWords(unmatched)} matches “{query}”.</p>}
    </div>
  );
}

interface SectionHeadProps {
  group: SettingGroupInfo;
  view: DefaultsView;
  resettable: number;
  /** The search hides some of the section's settings: the reset is of the shown ones only. */
  partial: boolean;
  onReset(): void;
}

function SectionHead({ group, view, resettable, partial, onReset }: SectionHeadProps) {
  return (
    <div className="settings-section-head">
      <div>
        <h2 id={`defaults-group-${group.id}`}>{group.label}</h2>
        <p className="muted">{group.description}</p>
      </div>
      {view.canEdit &&
        (resettable === 0 ? (
          <p className="muted settings-section-usual">{partial ? 'The settings shown have their usual defaults.' : 'Every setting here has its usual default.'}</p>
        ) : (
          <button type="button" className="button button-small" onClick={onReset}>
            {partial ? 'Reset shown settings to usual defaults' : 'Reset section to usual defaults'}
            <span className="visually-hidden"> ({group.label})</span>
          </button>
        ))}
    </div>
  );
}
