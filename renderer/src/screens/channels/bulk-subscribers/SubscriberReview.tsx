// The review of a bulk subscriber job before anything is sent (the core's plan, from its live state):
// the organization's rule, then per channel who may add or remove subscribers, how many change, how
// many are there already and how many are refused (with the reason where the whole channel is), what
// guests then see, and the people refused everywhere and the addresses that matched nobody.
import type { SubscriberPlan } from '../../../../../shared/ipc';
import '../../../components/data-table.css';

const count = new Intl.NumberFormat();
const LISTED = 30;

export function SubscriberReview({ plan, unknown }: { plan: SubscriberPlan; unknown: readonly string[] }) {
  const adding = plan.action === 'add';
  return (
    <div className="bulk-review">
      <p>{plan.organizationRule}</p>
      <div className="panel table-scroll">
        <table className="data-table table-fixed">
          <caption className="visually-hidden">Who changes where</caption>
          <colgroup>
            <col className="bulk-channel" />
            <col className="bulk-count" />
            <col className="bulk-count" />
            <col className="bulk-count" />
            <col />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">Channel</th>
              <th scope="col">{adding ? 'To add' : 'To remove'}</th>
              <th scope="col">{adding ? 'Already in' : 'Not in'}</th>
              <th scope="col">Refused</th>
              <th scope="col">Rule</th>
            </tr>
          </thead>
          <tbody>
            {plan.channels.map((channel) => (
              <tr key={channel.channelId} data-allowed={channel.allowed}>
                <th scope="row">
                  #{channel.name}
                  {channel.private && <span className="muted"> (private)</span>}
                </th>
                <td>{count.format(channel.change)}</td>
                <td>{count.format(channel.already)}</td>
                <td>{count.format(channel.refused)}</td>
                <td>
                  {channel.refusal ?? channel.rule}
                  {channel.guestWords && (
                    <p className="muted">
                      {count.format(channel.guests)} {channel.guests === 1 ? 'guest' : 'guests'}: {channel.guestWords}
                    </p>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {plan.refusedUsers.length > 0 && (
        <div className="bulk-refused">
          <p>
            Refused before sending, in every channel ({count.format(plan.refusedUsers.length)}):
          </p>
          <ul aria-label="People refused">
            {plan.refusedUsers.slice(0, LISTED).map((user) => (
              <li key={user.userId}>
                <strong>{user.fullName}</strong> — {user.reason}
              </li>
            ))}
          </ul>
          {plan.refusedUsers.length > LISTED && <p className="muted">and {count.format(plan.refusedUsers.length - LISTED)} more (the results list each).</p>}
        </div>
      )}
      {unknown.length > 0 && (
        <p className="muted">
          {count.format(unknown.length)} {unknown.length === 1 ? 'address matches' : 'addresses match'} nobody in this organization and {unknown.length === 1 ? 'is' : 'are'} left out: {unknown.slice(0, 10).join(', ')}
          {unknown.length > 10 && ` and ${count.format(unknown.length - 10)} more`}.
        </p>
      )}
    </div>
  );
}
