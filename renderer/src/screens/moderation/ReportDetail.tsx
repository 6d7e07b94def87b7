// One report: who reported whom (with their roles), why, the reported message as quoted and in its
// conversation, the reported user's other reports, and what can be done about it. Report text is
// shown as text (React escapes it); only the server's rendered message HTML goes through SafeHtml.
import type { ReactNode } from 'react';
import type { User } from '../../../../shared/api/users';
import { ROLE_NAMES } from '../../../../shared/domain/role-rules';
import type { Account, Report } from '../../../../shared/ipc';
import { CloseButton } from '../../components/CloseButton';
import { escapeCloses } from '../../components/escape-closes';
import { useRealmUsers } from '../../queries/realm';
import { otherReportsAbout } from './inbox-filters';
import { ReportContext } from './ReportContext';
import { fullTime, readableMarkdown, reportTypeLabel, whereWords } from './report-words';
import { ReportedUserActions } from './ReportedUserActions';
import './report-detail.css';

export interface ReportDetailProps {
  account: Account;
  report: Report;
  allReports: readonly Report[];
  onToggleReviewed(report: Report): void;
  onOpen(report: Report): void;
  /** Closes the report (its X, or Escape inside it). */
  onClose(): void;
}

export function ReportDetail({ account, report, allReports, onToggleReviewed, onOpen, onClose }: ReportDetailProps) {
  const users = useRealmUsers(account.id);
  const isNew = report.status === 'new';
  const headButtons = (
    <div className="report-detail-buttons">
      <button type="button" className={isNew ? 'button button-primary' : 'button'} onClick={() => onToggleReviewed(report)}>
        {isNew ? 'Mark reviewed' : 'Mark as new'}
      </button>
      <CloseButton label="Close report" onClose={onClose} />
    </div>
  );

  if (!report.parsed) {
    return (
      <article className="panel report-detail" aria-labelledby="report-title" onKeyDown={escapeCloses(onClose)}>
        <header className="report-detail-header">
          <div>
            <h2 id="report-title">Message in the moderation channel</h2>
            <p className="muted">
              Posted {fullTime(report.time)} · {isNew ? 'New' : 'Reviewed'}
            </p>
          </div>
          {headButtons}
        </header>
        <div className="notice unparsed-notice" data-tone="warning" role="note">
          <strong>This message does not follow the report template.</strong> It is shown as it was posted, so nothing is lost; the console
          could not tell who reported whom from it.
        </div>
        <pre className="plain-text raw-report">{report.raw}</pre>
      </article>
    );
  }

  const others = otherReportsAbout(report, allReports);
  return (
    <article className="panel report-detail" aria-labelledby="report-title" onKeyDown={escapeCloses(onClose)}>
      <header className="report-detail-header">
        <div>
          <p className="report-kicker">
            <span className="tag type-badge" data-type={report.reportType ?? 'unknown'}>
              {reportTypeLabel(report)}
            </span>
            <span className={isNew ? 'status-word status-new' : 'status-word'}>{isNew ? 'New' : 'Reviewed'}</span>
          </p>
          <h2 id="report-title">Report about {report.reportedUser?.name ?? 'an unknown user'}</h2>
        </div>
        {headButtons}
      </header>

      <dl className="report-facts">
        <Fact label="Reported user">
          <PersonWithRole person={report.reportedUser} users={users.data} />
        </Fact>
        <Fact label="Reported by">
          <PersonWithRole person={report.reporter} users={users.data} />
        </Fact>
        <Fact label="Where">{whereWords(report.where, report)}</Fact>
        <Fact label="Reported">{fullTime(report.time)}</Fact>
      </dl>

      <section aria-labelledby="report-notes">
        <h3 id="report-notes" className="section-label">Notes from the reporter</h3>
        {report.notes?.trim() ? <blockquote className="plain-text report-notes">{readableMarkdown(report.notes)}</blockquote> : <p className="muted">No notes.</p>}
      </section>

      <section aria-labelledby="report-content">
        <h3 id="report-content" className="section-label">The reported message, as quoted in the report</h3>
        <div className="plain-text quoted-message">{readableMarkdown(report.content ?? '')}</div>
        {report.truncated && <p className="muted">The report quotes only the beginning of a long message; the whole message is below, where you can see it.</p>}
      </section>

      <ReportContext account={account} report={report} />

      <section aria-labelledby="report-history">
        <h3 id="report-history" className="section-label">
          Other reports about {report.reportedUser?.name ?? 'this user'} ({others.length})
        </h3>
        {others.length === 0 ? (
          <p className="muted">None: this is the only report about them in the moderation channel.</p>
        ) : (
          <ul className="report-history">
            {others.map((other) => (
              <li key={other.id}>
                <button type="button" className="link-button" onClick={() => onOpen(other)}>
                  {reportTypeLabel(other)}
                </button>
                <span className="muted">
                  {' '}
                  {fullTime(other.time)} · by {other.reporter?.name ?? 'someone'} · {other.status === 'new' ? 'new' : 'reviewed'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {report.reportedUser && <ReportedUserActions key={report.reportedUser.id} account={account} person={report.reportedUser} users={users} />}
    </article>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="report-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A person named in the report with their current role from the realm's user list. */
function PersonWithRole({ person, users }: { person: Report['reporter']; users: User[] | undefined }) {
  if (!person) return <span className="muted">Unknown</span>;
  const user = users?.find((candidate) => candidate.user_id === person.id);
  return (
    <span className="person">
      <span>{user?.full_name ?? person.name}</span>
      {users === undefined ? (
        <span className="muted"> · role loading…</span>
      ) : !user ? (
        <span className="muted"> · no longer in this organization</span>
      ) : (
        <>
          <span className="tag role-badge" data-role={user.role}>
            {ROLE_NAMES[user.role]}
          </span>
          {!user.is_active && <span className="tag role-badge" data-tone="danger">Deactivated</span>}
        </>
      )}
    </span>
  );
}
