// A channel's description: its Markdown source, the server's rendering of it (POST /messages/render)
// as a preview under the field, and the server's length limit (register `max_stream_description_length`).
// Upstream keeps descriptions on one line: a line break becomes a space, as the preview shows.
import { useDeferredValue, useId } from 'react';
import { charCount } from '../../../../../shared/api/common';
import { ProblemText } from '../../../components/Field';
import { SafeHtml } from '../../../components/SafeHtml';
import { errorWords } from '../../../errors/words';
import { useDescriptionPreview } from '../../../queries/channels';
import { ChangedMeanwhile } from '../../../user-changes/ChangedMeanwhile';
import { useLiveDraft } from '../../../user-changes/use-live-draft';
import type { SectionProps } from './rules-context';
import { SaveOutcome } from './SaveOutcome';
import { useChannelSave } from './use-channel-save';
import { useUnsavedEdit } from '../../../components/unsaved-edits';

const oneLine = (text: string) => text.replace(/\n/g, ' ');

export function DescriptionSection({ account, entry, context, locked }: SectionProps) {
  const id = useId();
  const { channel } = entry;
  const draft = useLiveDraft(channel.description, (a, b) => oneLine(a) === oneLine(b));
  useUnsavedEdit('description', draft.edited);
  const save = useChannelSave(account.id, channel.stream_id);
  const max = context.limits.maxDescriptionLength;
  const length = charCount(draft.value);
  const tooLong = max !== null && length > max;
  const edited = oneLine(draft.value) !== channel.description;
  // The preview follows the text once typing pauses for a frame, not at every key.
  const previewed = useDeferredValue(edited ? oneLine(draft.value) : null);
  const preview = useDescriptionPreview(account.id, previewed);
  const canSend = locked === null && !tooLong && edited && draft.theirs === null && !save.pending;

  return (
    <section className="panel-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="section-label">Description</h3>
      <label htmlFor={`${id}-text`} className="visually-hidden">
        Description (Markdown)
      </label>
      <textarea
        id={`${id}-text`}
        className="description-input"
        rows={3}
        value={draft.value}
        disabled={locked !== null}
        aria-invalid={tooLong || undefined}
        aria-describedby={`${id}-count`}
        onChange={(event) => {
          draft.set(event.target.value);
          save.reset();
        }}
      />
      <p id={`${id}-count`} className={tooLong ? 'field-count field-count-over' : 'field-count'}>
        {max === null ? `${length} characters` : `${length} of ${max} characters`} · Markdown; line breaks become spaces.
      </p>
      {tooLong && <ProblemText message={`A description has at most ${max} characters: shorten it by ${length - (max ?? 0)}.`} />}
      <div className="description-preview" aria-live="polite">
        <p className="preview-label">{edited ? 'Preview, as the server renders it' : 'As members see it'}</p>
        {!edited ? (
          channel.rendered_description ? <SafeHtml html={channel.rendered_description} realmUrl={account.realmUrl} className="rendered" /> : <p className="muted">No description.</p>
        ) : preview.isError ? (
          <p className="muted">No preview: {errorWords(preview.error).message}</p>
        ) : preview.data ? (
          preview.data.html ? <SafeHtml html={preview.data.html} realmUrl={account.realmUrl} className="rendered" /> : <p className="muted">No description.</p>
        ) : (
          <p className="muted">Rendering…</p>
        )}
      </div>
      {draft.theirs !== null && !save.conflict && <ChangedMeanwhile theirs={draft.theirs || '(none)'} mine={draft.value || '(none)'} what="edit" onKeep={draft.keepMine} onTake={draft.takeTheirs} />}
      <div className="change-actions">
        <button type="button" className="button" disabled={!canSend} onClick={() => save.send({ property: 'description', value: draft.value, old: channel.description }, { done: 'Description saved.' })}>
          {save.pending ? 'Saving…' : 'Save description'}
        </button>
      </div>
      <SaveOutcome save={save} live={channel.description} words={(value) => (oneLine(String(value)).trim() === '' ? '(no description)' : `“${oneLine(String(value)).trim()}”`)} onKeepTheirs={(theirs) => draft.reset(String(theirs))} />
    </section>
  );
}
