// One setting on the form: its label and explanation, its control, and what is worth knowing about it
// (an unsaved edit and what it was, a value unlike upstream's usual default, a change another
// administrator made meanwhile, a setting this server does not support).
import { useId } from 'react';
import type { UserSettingValue } from '../../../../shared/api';
import type { Conflict, Edit } from '../../../../shared/domain/defaults-edits';
import { differsFromUsual, USUAL_USER_SETTING_DEFAULTS } from '../../../../shared/domain/defaults-usual';
import { valueWords } from '../../../../shared/domain/defaults-words';
import type { CatalogueEntry } from '../../../../shared/domain/user-settings-defaults';
import type { DefaultsView } from '../../../../shared/ipc';
import { ProblemText } from '../../components/Field';
import { ChangedMeanwhile } from '../../user-changes/ChangedMeanwhile';
import { SettingControl, unsupportedWords } from './SettingControl';

export interface SettingRowProps {
  entry: CatalogueEntry;
  view: DefaultsView;
  edit: Edit | undefined;
  conflict: Conflict | null;
  /** The value a save sent and the server ignored. */
  ignored: UserSettingValue | undefined;
  invalid: string | undefined;
  onChange(value: UserSettingValue): void;
  onInvalid(problem: string | null): void;
  onKeepMine(): void;
  onTakeTheirs(): void;
}

export function SettingRow({ entry, view, edit, conflict, ignored, invalid, onChange, onInvalid, onKeepMine, onTakeTheirs }: SettingRowProps) {
  const id = useId();
  const server = view.values[entry.name];
  const reported = server !== undefined;
  const value = edit ? edit.value : server;
  const words = (shown: UserSettingValue | undefined) => valueWords(entry, shown);
  const notes: { key: string; text: string; kind: string }[] = [];
  if (edit && !conflict && value !== server) notes.push({ key: 'edited', kind: 'edited', text: `Unsaved: was ${words(server)}` });
  // The server came to the edit's value meanwhile (someone saved the same): said, so the edit does not
  // just vanish from the count of unsaved changes.
  else if (edit && value === server && edit.base !== server) notes.push({ key: 'matched', kind: 'edited', text: 'Saved meanwhile elsewhere: nothing to save' });
  if (differsFromUsual(entry.name, value)) notes.push({ key: 'usual', kind: 'usual', text: `Usual default: ${words(USUAL_USER_SETTING_DEFAULTS[entry.name])}` });
  if (ignored !== undefined) notes.push({ key: 'ignored', kind: 'warning', text: `Not saved: this server ignored it when you saved ${words(ignored)}, as it does not support this setting.` });
  else if (!reported) notes.push({ key: 'unsupported', kind: 'warning', text: unsupportedWords(entry, view.featureLevel) });
  const describedBy = [entry.description ? `${id}-description` : null, notes.length ? `${id}-notes` : null, conflict ? `${id}-conflict` : null, invalid ? `${id}-invalid` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      className="setting-row"
      data-edited={(edit && value !== server) || undefined}
      data-conflict={conflict ? true : undefined}
      data-unsupported={!reported || ignored !== undefined || undefined}
    >
      <div className="setting-text">
        <label id={`${id}-label`} htmlFor={`${id}-control`} className="setting-label">
          {entry.label}
        </label>
        {entry.description && (
          <p id={`${id}-description`} className="setting-description">
            {entry.description}
          </p>
        )}
        {notes.length > 0 && (
          <p id={`${id}-notes`} className="setting-notes">
            {notes.map((note) => (
              <span key={note.key} className={`tag note-${note.kind}`}>
                {note.text}
              </span>
            ))}
          </p>
        )}
        {conflict && (
          <div id={`${id}-conflict`}>
            <ChangedMeanwhile theirs={words(conflict.server)} mine={words(conflict.mine)} what="value" subject={entry.label} onKeep={onKeepMine} onTake={onTakeTheirs} />
          </div>
        )}
        {invalid && <ProblemText id={`${id}-invalid`} message={invalid} />}
      </div>
      <div className="setting-control">
        <SettingControl
          entry={entry}
          id={`${id}-control`}
          describedBy={describedBy}
          value={value}
          disabled={!view.canEdit || !reported}
          featureLevel={view.featureLevel}
          availableSounds={view.availableSounds}
          invalid={invalid}
          onChange={onChange}
          onInvalid={onInvalid}
        />
      </div>
    </div>
  );
}
