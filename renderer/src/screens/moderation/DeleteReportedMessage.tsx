// Deleting the reported message from its conversation: a button (never the default), then a
// confirmation that says what goes (who sent it, where, when, a short quote) and that it cannot be
// undone, Cancel first and focused (docs/style.md, dangerous actions). The question holds no control of
// its own, which the browser would focus instead of Cancel, so marking the report reviewed stays its own
// step. The core checks the message is the report's and the server judges who may delete it: a refusal
// is shown here in the core's words; a message the server no longer has is said plainly in a notice,
// and the conversation, read again, has nothing left to delete. A message deleted elsewhere while the
// question is open closes it and says so.
import { useId, useState } from 'react';
import { MESSAGE_GONE, type Account, type Report, type ReportContext } from '../../../../shared/ipc';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ProblemText } from '../../components/Field';
import { errorCode, wordedByCore } from '../../errors/words';
import { useDeleteReportedMessage } from '../../queries/moderation';
import { toast } from '../../stores/toasts';
import { fullTime, shortQuote, whereWords } from './report-words';

type ShownMessage = ReportContext['messages'][number];

export interface DeleteReportedMessageProps {
  account: Account;
  report: Report;
  /** The reported message as its conversation shows it; null when it shows none (deleted, or out of sight). */
  message: ShownMessage | null;
}

/** The message's words as text, for a short quote: parsed, never rendered (nothing in it runs or loads). */
function textOf(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

export function DeleteReportedMessage({ account, report, message }: DeleteReportedMessageProps) {
  const id = useId();
  const mutation = useDeleteReportedMessage(account.id);
  const [asking, setAsking] = useState<ShownMessage | null>(null);
  const [meanwhile, setMeanwhile] = useState<string | null>(null);

  if (asking !== null && message?.id !== asking.id) {
    // Deleted elsewhere (or moved out of sight) while the question was open: nothing is left to confirm.
    setAsking(null);
    setMeanwhile(`The message from ${asking.senderName} left its conversation meanwhile: it was deleted elsewhere, or moved. Nothing was sent from here.`);
  }

  const confirm = () => {
    if (!asking) return;
    const target = asking;
    setAsking(null);
    mutation.mutate(
      { reportId: report.id, messageId: target.id },
      {
        onSuccess: () => toast({ kind: 'success', title: `Deleted the message from ${target.senderName}.`, action: 'The report stays in the inbox: mark it reviewed when you are done with it.' }),
        onError: (error) => {
          // Already gone: not a failure to fix, and the conversation read again no longer shows it.
          if (errorCode(error) === MESSAGE_GONE) toast({ kind: 'info', title: wordedByCore(error).message });
        },
      },
    );
  };

  const failure = mutation.isError && errorCode(mutation.error) !== MESSAGE_GONE ? wordedByCore(mutation.error) : null;
  if (!message) {
    return meanwhile ? (
      <p className="muted" role="status">
        {meanwhile}
      </p>
    ) : null;
  }
  return (
    <div className="reported-message-actions">
      <button
        type="button"
        className="button button-danger"
        disabled={mutation.isPending}
        aria-describedby={account.role > 200 ? `${id}-who` : undefined}
        onClick={() => {
          mutation.reset();
          setMeanwhile(null);
          setAsking(message);
        }}
      >
        {mutation.isPending ? 'Deleting…' : 'Delete message…'}
      </button>
      {account.role > 200 && (
        <p id={`${id}-who`} className="muted">
          Administrators can delete any message. As a moderator, you can delete it only where the organization or the channel lets you
          delete any message; the server says so if not.
        </p>
      )}
      {failure && (
        <div role="alert">
          <ProblemText message={failure.message} action={failure.action} />
        </div>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={`Delete the message from ${asking?.senderName ?? message.senderName}?`}
        confirmLabel="Delete message"
        danger
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      >
        {/* Only while asked: a closed dialog's words would stand beside the report's own. */}
        {asking && <Question report={report} message={asking} />}
      </ConfirmDialog>
    </div>
  );
}

/** What the confirmation says: which message goes (from whom, where, when, a short quote), and for good. */
function Question({ report, message }: { report: Report; message: ShownMessage }) {
  const quote = shortQuote(textOf(message.html));
  return (
    <>
      <dl className="report-facts">
        <div className="report-fact">
          <dt>From</dt>
          <dd>{message.senderName}</dd>
        </div>
        <div className="report-fact">
          <dt>Where</dt>
          <dd>{whereWords(report.where, report)}</dd>
        </div>
        <div className="report-fact">
          <dt>Sent</dt>
          <dd>{fullTime(message.time)}</dd>
        </div>
      </dl>
      <blockquote className="plain-text quoted-message">{quote || '(no text)'}</blockquote>
      <p>
        The message is deleted for everyone, with its reactions. <strong>This cannot be undone.</strong> The report stays in the moderation
        channel, with its quote.
      </p>
    </>
  );
}
