// What one account's inbox remembers of reported messages while the console runs: which message each
// report is about once the console has found it (a DM report names none: it is found by its text, and
// after its deletion it cannot be found again), and which messages were deleted (by this console, or by
// anyone, as the event queue's `delete_message` says). So a report's conversation can say "deleted"
// rather than "no longer there", and a deletion is checked against the message the report is about.
import type { Report } from '../../../shared/ipc';

/** Deleted IDs kept: far more than an inbox shows; the oldest are forgotten first. */
const MAX_DELETED = 10_000;

export class ReportedMessages {
  /** Report ID → the reported message's ID, as found in its conversation. */
  private readonly found = new Map<number, number>();
  /** Insertion-ordered, so the oldest can be dropped. */
  private readonly deleted = new Set<number>();

  /** The report is about this message (found in its conversation). */
  remember(reportId: number, messageId: number): void {
    this.found.set(reportId, messageId);
  }

  /** The message the report is about: named by the report (a channel message), or as found; else null. */
  messageOf(report: Pick<Report, 'id' | 'reportedMessageId'>): number | null {
    return report.reportedMessageId ?? this.found.get(report.id) ?? null;
  }

  markDeleted(messageIds: Iterable<number>): void {
    for (const id of messageIds) {
      this.deleted.delete(id);
      this.deleted.add(id);
    }
    for (const id of this.deleted) {
      if (this.deleted.size <= MAX_DELETED) break;
      this.deleted.delete(id);
    }
  }

  isDeleted(messageId: number | null): boolean {
    return messageId !== null && this.deleted.has(messageId);
  }
}
