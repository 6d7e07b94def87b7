// The reported message in its conversation, as the server rendered it (sanitized before it is shown),
// or why the signed-in user cannot see it (or that it was deleted), and deleting it
// (DeleteReportedMessage.tsx). Deletions anywhere reread it (queries/moderation.ts), so it follows.
import { useEffect, useRef } from 'react';
import type { Account, Report } from '../../../../shared/ipc';
import { SafeHtml } from '../../components/SafeHtml';
import { errorWords } from '../../errors/words';
import { useReportContext } from '../../queries/moderation';
import { DeleteReportedMessage } from './DeleteReportedMessage';
import { fullTime } from './report-words';

export function ReportContext({ account, report }: { account: Account; report: Report }) {
  // Asked even without a message ID: upstream's DM template names none, and the core finds the message
  // in the conversation (or says why it cannot).
  const context = useReportContext(account.id, report.id);
  const list = useRef<HTMLOListElement>(null);
  const reported = useRef<HTMLLIElement>(null);

  // The conversation scrolls in its own box, to the reported message; the page itself stays put, so
  // the report's header is still in view.
  useEffect(() => {
    const box = list.current;
    const target = reported.current;
    // The box is positioned (moderation.css), so offsetTop is measured from its top.
    if (box && target) box.scrollTop = Math.max(0, target.offsetTop - 12);
  }, [context.data]);

  return (
    <section aria-labelledby="report-context">
      <h3 id="report-context" className="section-label">In its conversation</h3>
      {context.isPending ? (
        <p className="muted" aria-busy="true">
          Reading the messages around it…
        </p>
      ) : context.isError ? (
        <div className="notice inline-error" data-tone="danger" role="alert">
          <p>Could not read the messages around it: {errorWords(context.error).message}</p>
          <p className="muted">{errorWords(context.error).action ?? 'The quote above is what the report says.'}</p>
          <button type="button" className="button button-small" onClick={() => void context.refetch()}>
            Try again
          </button>
        </div>
      ) : !context.data.available ? (
        <p className="empty-state context-unavailable" data-deleted={context.data.deleted || undefined}>
          {context.data.deleted && <span className="reported-tag">Deleted</span>} {context.data.explanation ?? 'You cannot see this message.'} The quote above is what
          the reporter saw.
        </p>
      ) : (
        <ol ref={list} className="context-messages">
          {context.data.messages.map((message) => (
            <li
              key={message.id}
              ref={message.isReported ? reported : undefined}
              className="context-message"
              data-reported={message.isReported || undefined}
              aria-label={message.isReported ? `Reported message from ${message.senderName}` : undefined}
            >
              <p className="context-meta">
                <strong>{message.senderName}</strong>
                <time dateTime={new Date(message.time * 1000).toISOString()}>{fullTime(message.time)}</time>
                {message.isReported && <span className="reported-tag">Reported</span>}
              </p>
              <SafeHtml className="message-html" html={message.html} realmUrl={account.realmUrl} />
            </li>
          ))}
        </ol>
      )}
      {/* Mounted while the report is open, so it still answers after the conversation changes under it. */}
      <DeleteReportedMessage account={account} report={report} message={context.data?.messages.find((message) => message.isReported) ?? null} />
    </section>
  );
}
