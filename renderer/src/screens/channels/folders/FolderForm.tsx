// A folder's name and description, for creating one or editing one: the register response's limits
// under each field, and the server's rendering of the description's Markdown as a preview
// (POST /messages/render), shown through the sanitizer.
import { useDeferredValue, useId, useState, type FormEvent } from 'react';
import { charCount } from '../../../../../shared/api/common';
import type { Account, ChannelContext } from '../../../../../shared/ipc';
import { ProblemText } from '../../../components/Field';
import { SafeHtml } from '../../../components/SafeHtml';
import { errorWords, wordedByCore } from '../../../errors/words';
import { useDescriptionPreview } from '../../../queries/channels';

export interface FolderFormProps {
  account: Account;
  limits: ChannelContext['limits'];
  /** The form's heading: "New folder", "Edit Teams". */
  title: string;
  initial: { name: string; description: string };
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit(values: { name: string; description: string }): void;
  onCancel(): void;
}

export function FolderForm({ account, limits, title, initial, submitLabel, pending, error, onSubmit, onCancel }: FolderFormProps) {
  const id = useId();
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const nameMax = limits.maxFolderNameLength;
  const descriptionMax = limits.maxFolderDescriptionLength;
  const nameLength = charCount(name.trim());
  const descriptionLength = charCount(description);
  const nameProblem = name.trim() === '' ? 'A folder needs a name.' : nameMax !== null && nameLength > nameMax ? `A name has at most ${nameMax} characters: shorten it by ${nameLength - nameMax}.` : null;
  const descriptionProblem = descriptionMax !== null && descriptionLength > descriptionMax ? `A description has at most ${descriptionMax} characters: shorten it by ${descriptionLength - descriptionMax}.` : null;
  const [tried, setTried] = useState(false);
  const previewed = useDeferredValue(description.trim() === '' ? null : description);
  const preview = useDescriptionPreview(account.id, previewed);
  const failure = error ? wordedByCore(error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (nameProblem || descriptionProblem || pending) return;
    onSubmit({ name: name.trim(), description });
  };

  return (
    <form
      className="folder-form"
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      noValidate
      onKeyDown={(event) => {
        // Escape leaves the form as its Cancel does, as it leaves every panel and dialog.
        if (event.key !== 'Escape' || pending) return;
        event.stopPropagation();
        onCancel();
      }}
    >
      <h3 id={`${id}-title`}>{title}</h3>
      <div className="field">
        <label htmlFor={`${id}-name`}>Folder name</label>
        <input
          id={`${id}-name`}
          value={name}
          autoFocus
          aria-invalid={(tried && nameProblem !== null) || undefined}
          aria-describedby={`${id}-name-count`}
          onChange={(event) => setName(event.target.value)}
        />
        <p id={`${id}-name-count`} className={nameMax !== null && nameLength > nameMax ? 'field-count field-count-over' : 'field-count'}>
          {nameMax === null ? `${nameLength} characters` : `${nameLength} of ${nameMax} characters`}
        </p>
        {tried && nameProblem && <ProblemText message={nameProblem} />}
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>Folder description</label>
        <textarea
          id={`${id}-description`}
          className="description-input"
          rows={3}
          value={description}
          aria-invalid={descriptionProblem !== null || undefined}
          aria-describedby={`${id}-description-count`}
          onChange={(event) => setDescription(event.target.value)}
        />
        <p id={`${id}-description-count`} className={descriptionProblem ? 'field-count field-count-over' : 'field-count'}>
          {descriptionMax === null ? `${descriptionLength} characters` : `${descriptionLength} of ${descriptionMax} characters`} · Markdown
        </p>
        {descriptionProblem && <ProblemText message={descriptionProblem} />}
      </div>
      <div className="description-preview" aria-live="polite">
        <p className="preview-label">Preview, as the server renders it</p>
        {previewed === null ? (
          <p className="muted">No description.</p>
        ) : preview.isError ? (
          <p className="muted">No preview: {errorWords(preview.error).message}</p>
        ) : preview.data ? (
          <SafeHtml html={preview.data.html} realmUrl={account.realmUrl} className="rendered" />
        ) : (
          <p className="muted">Rendering…</p>
        )}
      </div>
      {failure && (
        <div role="alert">
          <ProblemText message={failure.message} action={failure.action} />
        </div>
      )}
      <div className="change-actions">
        <button type="button" className="button" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
