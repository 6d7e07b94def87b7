// The folder a channel sits in (spec 3 `folder_id`), or none. Archived folders are not offered: the
// server refuses them. A folder archived meanwhile is said in the server's words.
import { useId } from 'react';
import { ChangedMeanwhile } from '../../../user-changes/ChangedMeanwhile';
import { useLiveDraft } from '../../../user-changes/use-live-draft';
import type { SectionProps } from './rules-context';
import { SaveOutcome } from './SaveOutcome';
import { useChannelSave } from './use-channel-save';
import { useUnsavedEdit } from '../../../components/unsaved-edits';

export function FolderSection({ account, entry, context, rules, locked }: SectionProps) {
  const id = useId();
  const { channel } = entry;
  const live = channel.folder_id ?? null;
  // Boxed: the live draft's "theirs" is null when nothing changed, and "no folder" is null too.
  const draft = useLiveDraft<{ folder: number | null }>({ folder: live }, (a, b) => a.folder === b.folder);
  useUnsavedEdit('folder', draft.edited);
  const wanted = draft.value.folder;
  const save = useChannelSave(account.id, channel.stream_id);
  const words = (value: unknown) => (value === null ? 'No folder' : (rules.folders.get(value as number)?.name ?? `folder ${String(value)}`));
  const offered = context.folders.filter((folder) => !folder.is_archived || folder.id === live);
  // A value, once chosen, is "none" or a folder: the select works in strings.
  const chosen = wanted === null ? '' : String(wanted);
  const current = live === null ? null : rules.folders.get(live);
  const canSend = locked === null && wanted !== live && draft.theirs === null && !save.pending;

  return (
    <section className="panel-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="section-label">Folder</h3>
      <div className="rename-form">
        <label htmlFor={`${id}-folder`} className="visually-hidden">
          Folder
        </label>
        <select
          id={`${id}-folder`}
          value={chosen}
          disabled={locked !== null || save.pending}
          onChange={(event) => {
            draft.set({ folder: event.target.value === '' ? null : Number(event.target.value) });
            save.reset();
          }}
        >
          <option value="">No folder</option>
          {offered.map((folder) => (
            <option key={folder.id} value={folder.id} disabled={folder.is_archived}>
              {folder.name}
              {folder.is_archived ? ' (archived)' : ''}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button"
          disabled={!canSend}
          onClick={() => save.send({ property: 'folder', value: wanted, old: live }, { done: wanted === null ? `#${channel.name} is in no folder now.` : `#${channel.name} is now in ${words(wanted)}.` })}
        >
          {save.pending ? 'Moving…' : 'Move'}
        </button>
      </div>
      {current?.is_archived && <p className="role-reason">Its folder, {current.name}, is archived: move the channel to another one, or unarchive the folder.</p>}
      {draft.theirs !== null && !save.conflict && <ChangedMeanwhile theirs={words(draft.theirs.folder)} mine={words(wanted)} what="choice" onKeep={draft.keepMine} onTake={draft.takeTheirs} />}
      <SaveOutcome save={save} live={live} words={words} onKeepTheirs={(theirs) => draft.reset({ folder: theirs as number | null })} />
    </section>
  );
}
