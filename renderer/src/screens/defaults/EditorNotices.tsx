// What the form says above the settings: who the defaults apply to, why the form is read-only, what
// the last save did (and which settings the server ignored), and what an import found.
import type { ReactNode } from 'react';
import { settingList } from '../../../../shared/domain/defaults-words';
import { USER_SETTINGS_CATALOGUE } from '../../../../shared/domain/user-settings-defaults';
import type { DefaultsView } from '../../../../shared/ipc';
import { ProblemText } from '../../components/Field';
import { plural } from '../../../../shared/domain/plural';
import type { ImportState, SaveReport } from './defaults-ui';

export interface ImportProblems {
  fileName: string;
  problems: string[];
  /** What to do, when the problems call for more than fixing the file (a newer console's file). */
  advice?: string;
}

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function EditorNotices(props: {
  view: DefaultsView;
  lastSave: SaveReport | null;
  imported: ImportState | null;
  importProblems: ImportProblems | null;
  /** Unsaved edits the form holds (while it is read-only, it keeps them out of sight). */
  unsaved: number;
  onDismissSave(): void;
  onDismissProblems(): void;
}) {
  const { view, lastSave, imported, importProblems } = props;
  const unreported = USER_SETTINGS_CATALOGUE.filter((entry) => view.values[entry.name] === undefined).length;
  return (
    <div className="defaults-notices">
      <p className="defaults-intro">
        These are the settings members who <strong>join {view.realmName} later</strong> start with. Changing them does not change the settings of existing members.
      </p>
      {unreported > 0 && (
        <p className="defaults-intro">
          This server is at feature level {view.featureLevel} and does not report {unreported === 1 ? 'one setting' : `${unreported} settings`} upstream added later: {unreported === 1 ? 'it is' : 'they are'}{' '}
          marked below, and cannot be changed here.
        </p>
      )}
      {view.readOnlyReason && (
        <Notice tone="warning" role="note">
          <p>{view.readOnlyReason}</p>
          {/* Rights taken away while editing: the edits are not lost, nor shown as if they could be saved. */}
          {props.unsaved > 0 && (
            <p>
              Your {plural(props.unsaved, 'unsaved change is', 'unsaved changes are')} kept, but not shown or sent: the form shows the values {view.realmName} has. They come
              back to the form if you may change the default settings again.
            </p>
          )}
        </Notice>
      )}
      {lastSave && (
        <Notice tone={lastSave.ignored.length ? 'warning' : 'success'} role="status" onDismiss={props.onDismissSave} subject="the save's report">
          <p>
            {lastSave.saved > 0
              ? `Saved ${lastSave.saved} ${lastSave.saved === 1 ? 'change' : 'changes'} to the default settings of ${view.realmName}.`
              : `Nothing was saved to ${view.realmName}.`}
          </p>
          {lastSave.ignored.length > 0 && (
            <p>
              This server does not support {lastSave.ignored.length === 1 ? 'one setting' : `${lastSave.ignored.length} settings`}, so {lastSave.ignored.length === 1 ? 'it was' : 'they were'} not saved:{' '}
              <strong>{settingList(lastSave.ignored)}</strong>. {lastSave.ignored.length === 1 ? 'It is' : 'They are'} marked below.
            </p>
          )}
        </Notice>
      )}
      {importProblems && (
        <Notice tone="danger" role="alert" onDismiss={props.onDismissProblems} subject={`the problems of ${importProblems.fileName}`}>
          <ProblemText
            className="field-error"
            message={`Could not import ${importProblems.fileName}: nothing was changed. ${importProblems.problems.length === 1 ? 'The problem' : `The ${importProblems.problems.length} problems`}:`}
          />
          <ul className="import-problems">
            {importProblems.problems.slice(0, 20).map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
            {importProblems.problems.length > 20 && <li>…and {importProblems.problems.length - 20} more.</li>}
          </ul>
          <p className="muted">{importProblems.advice ?? 'Fix the file, or export the settings again from the realm they come from, then import it.'}</p>
        </Notice>
      )}
      {imported && (
        <Notice role="status">
          <p>
            Imported {imported.info.fileName}, exported from {imported.info.fromRealm} (feature level {imported.info.featureLevel}) on {when.format(new Date(imported.info.exportedAt))}:{' '}
            {importWords(imported)}
          </p>
        </Notice>
      )}
    </div>
  );
}

/** What the import did, counted from the file's own edits (others made since are not its). */
function importWords({ brought, still }: ImportState): string {
  if (brought === 0) return 'every setting in it already matches, so there is nothing to change.';
  if (still === brought) return `${plural(brought, 'setting differs and is now an unsaved edit', 'settings differ and are now unsaved edits')}. Review and save ${brought === 1 ? 'it' : 'them'} to apply.`;
  return `${plural(brought, 'setting differed', 'settings differed')} and became unsaved edits; ${still} of them still ${still === 1 ? 'has the file’s value' : 'have the file’s values'}. Review and save to apply.`;
}

/**
 * One notice above the form, with "Dismiss" when it can be put away, named by what it puts away
 * ("Dismiss the save's report"), since two notices can show at once.
 */
function Notice({ tone, role, onDismiss, subject, children }: { tone?: 'success' | 'warning' | 'danger'; role: 'note' | 'status' | 'alert'; onDismiss?(): void; subject?: string; children: ReactNode }) {
  return (
    <div className="notice defaults-notice" data-tone={tone} role={role}>
      {children}
      {onDismiss && (
        <button type="button" className="link-button" aria-label={subject ? `Dismiss ${subject}` : undefined} onClick={onDismiss}>
          Dismiss
        </button>
      )}
    </div>
  );
}
