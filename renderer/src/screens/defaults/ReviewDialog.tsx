// The review before a save: every change as old → new in words, conflicts first (each resolved here
// or on the form before saving), and one Save that sends them as one request. While it saves the
// dialog says so; a failure keeps every edit and shows the server's words and what to do.
import { plural } from '../../../../shared/domain/plural';
import type { Conflict, Review } from '../../../../shared/domain/defaults-edits';
import { settingLabel, settingValueWords } from '../../../../shared/domain/defaults-words';
import type { DefaultsView } from '../../../../shared/ipc';
import { Dialog } from '../../components/Dialog';
import { ProblemText } from '../../components/Field';
import type { ErrorWords } from '../../errors/words';
import type { ImportInfo } from './defaults-ui';

export interface ReviewDialogProps {
  view: DefaultsView;
  review: Review;
  importInfo: ImportInfo | null;
  saving: boolean;
  failure: ErrorWords | null;
  onKeepMine(conflict: Conflict): void;
  onTakeTheirs(conflict: Conflict): void;
  onSave(): void;
  onClose(): void;
}

export function ReviewDialog({ view, review, importInfo, saving, failure, onKeepMine, onTakeTheirs, onSave, onClose }: ReviewDialogProps) {
  const count = review.changes.length;
  const conflicting = new Set(review.conflicts.map((conflict) => conflict.name));
  const plain = review.changes.filter((change) => !conflicting.has(change.name));

  return (
    <Dialog
      title={`Review changes to the default settings of ${view.realmName}`}
      wide
      describedBy="defaults-review-intro"
      busy={saving}
      cancelLabel="Back to editing"
      onCancel={onClose}
      confirm={{
        label: saving ? 'Saving…' : count === 1 ? 'Save 1 change' : `Save ${count} changes`,
        disabled: saving || count === 0 || review.conflicts.length > 0,
        onClick: onSave,
      }}
    >
      <p id="defaults-review-intro">
        {count === 0 ? 'Nothing differs from the server’s values any more: there is nothing to save.' : `${plural(count, 'setting', 'settings')} will change, in one request to the server.`} These defaults
        apply to members who join later; existing members keep their own settings.
      </p>
      {importInfo && (
        <p className="muted">
          From {importInfo.fileName} (exported from {importInfo.fromRealm}, feature level {importInfo.featureLevel}).
        </p>
      )}
      {review.conflicts.length > 0 && (
        <section className="review-group review-conflicts" aria-labelledby="defaults-review-conflicts">
          <h3 id="defaults-review-conflicts">Changed on the server meanwhile ({review.conflicts.length})</h3>
          <p className="muted">Another administrator changed these after you edited them. Keep your value or take theirs to save.</p>
          <ul>
            {review.conflicts.map((conflict) => (
              <li key={conflict.name}>
                <span>
                  <strong>{settingLabel(conflict.name)}</strong>: now {settingValueWords(conflict.name, conflict.server)} on the server; yours {settingValueWords(conflict.name, conflict.mine)}
                </span>
                <span className="review-conflict-actions">
                  <button type="button" className="button button-small" disabled={saving} onClick={() => onKeepMine(conflict)}>
                    Keep my value<span className="visually-hidden"> ({settingLabel(conflict.name)})</span>
                  </button>
                  <button type="button" className="button button-small" disabled={saving} onClick={() => onTakeTheirs(conflict)}>
                    Take theirs<span className="visually-hidden"> ({settingLabel(conflict.name)})</span>
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {plain.length > 0 && (
        <section className="review-group" aria-labelledby="defaults-review-changes">
          <h3 id="defaults-review-changes">Changes ({plain.length})</h3>
          <ul className="review-changes">
            {plain.map((change) => (
              <li key={change.name}>
                <strong>{settingLabel(change.name)}</strong>: <span className="review-old">{settingValueWords(change.name, change.from)}</span> →{' '}
                <span className="review-new">{settingValueWords(change.name, change.to)}</span>
                {change.from === undefined && <span className="muted"> (this server does not report this setting, and may ignore it)</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {saving && (
        <div className="review-progress" role="status">
          <progress aria-label={`Saving ${plural(count, 'change', 'changes')}`} />
          <span>
            Saving {plural(count, 'change', 'changes')} to {view.realmName}…
          </span>
        </div>
      )}
      {failure && (
        <div role="alert">
          <ProblemText className="form-error" message={failure.message} action={failure.action} />
        </div>
      )}
    </Dialog>
  );
}
