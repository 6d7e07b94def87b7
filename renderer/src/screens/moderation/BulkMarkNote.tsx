// What "Mark all shown as reviewed" did, said where its button was (the button goes once nothing shown
// is new, so the focus comes here), with an Undo that marks the same reports new again.
import { FocusedStatus } from '../../components/FocusedStatus';
import { plural } from '../../../../shared/domain/plural';

export interface BulkMark {
  reportIds: number[];
  /** Marked new again by Undo. */
  undone: boolean;
}

export function BulkMarkNote({ mark, busy, onUndo, onDismiss }: { mark: BulkMark; busy: boolean; onUndo(): void; onDismiss(): void }) {
  const count = plural(mark.reportIds.length, 'report', 'reports');
  return (
    <FocusedStatus className="bulk-mark-note" news={mark}>
      {mark.undone ? `Marked ${count} new again.` : `Marked ${count} reviewed.`}{' '}
      {!mark.undone && (
        <button type="button" className="link-button" onClick={onUndo} disabled={busy}>
          Undo
        </button>
      )}{' '}
      <button type="button" className="link-button" onClick={onDismiss}>
        Dismiss
      </button>
    </FocusedStatus>
  );
}
