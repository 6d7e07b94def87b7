// The bar under the form while there are unsaved edits: how many, how many conflict, and the way on
// (review, then save) or back (discard, confirmed).
import type { Review } from '../../../../shared/domain/defaults-edits';

export function SaveBar({ review, invalid, onDiscard, onReview }: { review: Review; invalid: number; onDiscard(): void; onReview(): void }) {
  const count = review.changes.length;
  if (count === 0 && invalid === 0) return null;
  return (
    <div className="defaults-savebar" role="region" aria-label="Unsaved changes">
      <p aria-live="polite">
        <strong>{count === 0 ? 'Nothing to save yet' : `${count} unsaved ${count === 1 ? 'change' : 'changes'}`}</strong>
        {review.conflicts.length > 0 && <span className="savebar-conflicts"> · {review.conflicts.length} changed on the server meanwhile</span>}
        {invalid > 0 && <span className="savebar-invalid"> · {invalid === 1 ? 'one value is' : `${invalid} values are`} not allowed: correct {invalid === 1 ? 'it' : 'them'} to review</span>}
      </p>
      <div className="savebar-actions">
        <button type="button" className="button" onClick={onDiscard}>
          Discard changes…
        </button>
        <button type="button" className="button button-primary" disabled={count === 0 || invalid > 0} onClick={onReview}>
          Review changes…
        </button>
      </div>
    </div>
  );
}
