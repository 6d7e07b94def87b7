// Above an open report that the filters leave out of the list (say it was just marked reviewed under
// Status "New"): it stays open, so the moderator can still act on it, but the screen says plainly that
// the list does not show it, which filter hides it, and offers to show it or close it.
import type { Report } from '../../../../shared/ipc';
import type { HidingFilter, InboxFilters } from './inbox-filters';
import { reportTypeLabel } from './report-words';

const STATUS_WORDS = { new: 'new', reviewed: 'reviewed' } as const;

function reason(filter: HidingFilter, report: Report, filters: InboxFilters): string {
  switch (filter) {
    case 'status':
      return `it is ${STATUS_WORDS[report.status]}, and Status shows ${filters.status === 'new' ? 'new' : 'reviewed'} reports only`;
    case 'type':
      return `its type is ${reportTypeLabel(report)}, which Type leaves out`;
    case 'date':
      return 'it was made outside the dates Date shows';
  }
}

export interface InboxHiddenNoticeProps {
  report: Report;
  filters: InboxFilters;
  hiding: readonly HidingFilter[];
  onShow(): void;
  onClose(): void;
}

export function InboxHiddenNotice({ report, filters, hiding, onShow, onClose }: InboxHiddenNoticeProps) {
  const reasons = hiding.map((filter) => reason(filter, report, filters));
  return (
    <div className="notice hidden-report-notice" data-tone="warning" role="status">
      <p>
        <strong>Not in the list:</strong> the filters hide this report ({reasons.join('; ')}).
      </p>
      <div className="hidden-report-actions">
        <button type="button" className="button button-small" onClick={onShow}>
          Show it in the list
        </button>
        <button type="button" className="button button-small" onClick={onClose}>
          Close the report
        </button>
      </div>
    </div>
  );
}
