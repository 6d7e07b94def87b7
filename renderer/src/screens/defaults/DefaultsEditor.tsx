// The Settings tab: the realm's defaults as a form whose edits stay local until reviewed and saved as
// one request. The server's values follow live; an edited setting keeps the edit, and shows when the
// server moved under it.
import { useDeferredValue, useMemo, useState } from 'react';
import type { UserSettingName } from '../../../../shared/api';
import {
  changesToParams,
  expectedValues,
  keepMine,
  reviewEdits,
  setEdits,
  takeTheirs,
  withoutEdit,
  type DefaultsValues,
  type Edits,
} from '../../../../shared/domain/defaults-edits';
import type { ParsedDefaultsFile } from '../../../../shared/domain/defaults-file';
import { usualValuesFor } from '../../../../shared/domain/defaults-usual';
import { listWords } from '../../../../shared/domain/list-words';
import { USER_SETTINGS_CATALOGUE, type SettingGroup } from '../../../../shared/domain/user-settings-defaults';
import type { ChannelInput, DefaultsSaveResult, DefaultsView } from '../../../../shared/ipc';
import { plural } from '../../../../shared/domain/plural';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ExportNote } from '../../components/ExportNote';
import { errorCode, errorWords, type ErrorWords } from '../../errors/words';
import { useSaveDefaults } from '../../queries/defaults';
import { CopyDialog } from './CopyDialog';
import { CopyPanel } from './CopyPanel';
import { exportDefaults } from './defaults-file-io';
import { FocusedStatus } from '../../components/FocusedStatus';
import { importState, useDefaultsUi } from './defaults-ui';
import { EditorNotices, type ImportProblems } from './EditorNotices';
import { EditorToolbar } from './EditorToolbar';
import { ReviewDialog } from './ReviewDialog';
import { SaveBar } from './SaveBar';
import { searchSettings } from './setting-search';
import { SettingsForm } from './SettingsForm';

export function DefaultsEditor({ view }: { view: DefaultsView }) {
  const ui = useDefaultsUi();
  const server = view.values as DefaultsValues;
  const [dialog, setDialog] = useState<'review' | 'discard' | 'copy' | null>(null);
  const [importProblems, setImportProblems] = useState<ImportProblems | null>(null);
  const [exported, setExported] = useState<string | null>(null);
  /**
   * What a reset (all, or a section) just did, said while the form holds the edits it made (the next
   * edit, save or discard ends it).
   */
  const [reset, setReset] = useState<{ scope: SettingGroup | 'all'; words: string; edits: Edits } | null>(null);
  const save = useSaveDefaults(view.account);

  const query = useDeferredValue(ui.query);
  const search = useMemo(() => searchSettings(query), [query]);
  const review = useMemo(() => reviewEdits(server, ui.edits), [server, ui.edits]);
  const effective = useMemo(() => {
    const values: DefaultsValues = { ...server };
    for (const [name, edit] of Object.entries(ui.edits)) if (edit) values[name as UserSettingName] = edit.value;
    return values;
  }, [server, ui.edits]);
  const resettable = Object.keys(usualValuesFor(effective, 'all')).length;
  const invalid = Object.keys(ui.invalid).length;
  const imported = importState(ui.importInfo, ui.edits, server);

  const note = reset?.edits === ui.edits ? reset : null;
  /** Puts these settings back at their usual values as edits, and says so: `what` begins the sentence. */
  const resetToUsual = (usual: DefaultsValues, scope: SettingGroup | 'all', what: string) => {
    const edits = setEdits(ui.edits, server, usual);
    ui.setEdits(edits);
    const left = reviewEdits(server, edits).changes.length;
    const words = `${what} at the usual default in the form. ${
      left === 0 ? `That is what ${view.realmName} has saved: there is nothing to save.` : `Nothing is sent until you review and save the ${plural(left, 'change', 'changes')} below.`
    }`;
    setReset({ scope, words, edits });
  };

  const onImport = (fileName: string, parsed: ParsedDefaultsFile) => {
    if (!parsed.ok) {
      setImportProblems({ fileName, problems: parsed.problems, advice: parsed.advice });
      return;
    }
    setImportProblems(null);
    const edits = setEdits(ui.edits, server, parsed.values);
    // The edits the file made: its values the server does not have (not the edits made before it).
    const values = Object.fromEntries(Object.entries(parsed.values).filter(([name, value]) => edits[name as UserSettingName]?.value === value && server[name as UserSettingName] !== value));
    ui.imported(edits, { fileName, fromRealm: parsed.file.realm.name, featureLevel: parsed.file.featureLevel, exportedAt: parsed.file.exportedAt, values });
  };

  const onSaved = (result: DefaultsSaveResult) => {
    const sent = new Set<string>(review.changes.map((change) => change.name));
    // What was sent is done with (saved, or ignored and marked); edits the server now matches are no change.
    let remaining: Edits = ui.edits;
    for (const name of Object.keys(ui.edits) as UserSettingName[]) {
      if (sent.has(name) || ui.edits[name]?.value === result.view.values[name]) remaining = withoutEdit(remaining, name);
    }
    const ignored = Object.fromEntries(result.ignored.map(({ name, value }) => [name, value]));
    ui.saved(remaining, { saved: result.saved.length, ignored: result.ignored.map(({ name }) => name as UserSettingName) }, ignored);
    setDialog(null);
  };

  const onSave = () => {
    const source = imported ? { kind: 'import' as const, fileName: imported.info.fileName, fromRealm: imported.info.fromRealm } : { kind: 'edit' as const };
    // The values come from the catalogue's controls or a checked file; the core checks each again.
    const changes = changesToParams(review.changes) as ChannelInput<'defaults.save'>['changes'];
    save.mutate({ changes, expected: expectedValues(review.changes, ui.edits), source }, { onSuccess: onSaved });
  };

  return (
    <div className="defaults-editor">
      <EditorNotices
        view={view}
        lastSave={ui.lastSave}
        imported={imported}
        importProblems={importProblems}
        unsaved={review.changes.length}
        onDismissSave={ui.dismissSaveReport}
        onDismissProblems={() => setImportProblems(null)}
      />
      <EditorToolbar
        view={view}
        query={ui.query}
        search={search}
        resettable={resettable}
        onQuery={ui.setQuery}
        onImport={onImport}
        onExport={() => {
          const { name, settings } = exportDefaults(view);
          const unsaved = review.changes.length;
          setExported(`Saved ${plural(settings, 'default setting', 'default settings')} of ${view.realmName} as ${name}${unsaved ? ` (the saved values, without your ${plural(unsaved, 'unsaved change', 'unsaved changes')})` : ''}.`);
        }}
        onCopy={() => setDialog('copy')}
        onResetAll={() => resetToUsual(usualValuesFor(effective, 'all'), 'all', `${plural(resettable, 'setting is', 'settings are')} back`)}
      />
      <ExportNote text={exported} />
      {note?.scope === 'all' && <FocusedStatus className="muted export-note reset-note" news={note.words}>{note.words}</FocusedStatus>}
      {ui.copyId && <CopyPanel account={view.account} copyId={ui.copyId} onClose={() => ui.showCopy(null)} onRetried={(copy) => ui.showCopy(copy.id)} />}
      <SettingsForm
        view={view}
        effective={effective}
        search={search}
        resetNote={note}
        onResetSection={(group, usual, partial) => {
          const labels = USER_SETTINGS_CATALOGUE.filter((entry) => entry.name in usual).map((entry) => `“${entry.label}”`);
          const back = `${listWords(labels)} ${labels.length === 1 ? 'is' : 'are'} back`;
          resetToUsual(usual, group.id, partial ? `Of the ${group.label} settings shown, ${back}` : back);
        }}
      />
      {view.canEdit && (
        <SaveBar
          review={review}
          invalid={invalid}
          onDiscard={() => setDialog('discard')}
          onReview={() => {
            save.reset();
            setDialog('review');
          }}
        />
      )}
      {dialog === 'review' && (
        <ReviewDialog
          view={view}
          review={review}
          importInfo={imported?.info ?? null}
          saving={save.isPending}
          failure={save.isError ? saveFailureWords(save.error) : null}
          onKeepMine={(conflict) => ui.setEdits(keepMine(ui.edits, server, conflict.name))}
          onTakeTheirs={(conflict) => ui.setEdits(takeTheirs(ui.edits, conflict.name))}
          onSave={onSave}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        open={dialog === 'discard'}
        title={`Discard ${review.changes.length + invalid} unsaved ${review.changes.length + invalid === 1 ? 'change' : 'changes'}?`}
        confirmLabel="Discard changes"
        danger
        onConfirm={() => {
          ui.discard();
          setDialog(null);
        }}
        onCancel={() => setDialog(null)}
      >
        <p>The settings go back to the values {view.realmName} has now. Nothing is sent to the server.</p>
      </ConfirmDialog>
      {dialog === 'copy' && <CopyDialog view={view} unsaved={review.changes.length} onClose={() => setDialog(null)} onStarted={(copy) => ui.showCopy(copy.id)} />}
    </div>
  );
}

/**
 * A failed save in words: the edits are kept either way; what to do depends on whether the server
 * refused a value (correct it) or could not be reached or answered oddly (try again).
 */
function saveFailureWords(error: unknown): ErrorWords {
  const words = errorWords(error);
  if (words.action) return words;
  const refused = errorCode(error) === 'BAD_REQUEST';
  return { ...words, action: refused ? 'Your edits are kept: correct the value named, then save again.' : 'Your edits are kept: save again in a moment.' };
}
