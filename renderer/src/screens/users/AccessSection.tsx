// A person's effective access in the detail panel: their role and what it allows, their user groups
// (directly, or through which subgroup), what they may do in each channel (every channel's group
// settings resolved by the core, system role groups included), and the organization-level permissions
// they hold; exported as CSV for a review by others. It follows live changes (queries/users-access.ts).
import type { User } from '../../../../shared/api/users';
import { accessCsv, membershipWords } from '../../../../shared/domain/effective-access';
import { ROLE_NAMES, roleWithArticle } from '../../../../shared/domain/role-rules';
import { QueryGate } from '../../components/QueryGate';
import { downloadText } from '../../components/download-text';
import { useUserAccess } from '../../queries/users-access';
import '../../components/scroll-cue.css';

const COLUMNS = [
  ['subscribed', 'Subscribed'],
  ['administer', 'Administer'],
  ['addSubscribers', 'Add subscribers'],
  ['removeSubscribers', 'Remove subscribers'],
  ['post', 'Post'],
] as const;

export function AccessSection({ account, user }: { account: string; user: User }) {
  const access = useUserAccess(account, user.user_id);
  return (
    <section className="panel-section access-section" aria-labelledby="user-detail-access">
      <h3 id="user-detail-access" className="section-label">
        Effective access
      </h3>
      <QueryGate query={access} loading={`Working out what ${user.full_name} may do`} failure={`Could not work out what ${user.full_name} may do`}>
        {(data) => (
          <>
            {/* A deactivated account keeps its role but cannot sign in: what the role allows would mislead. */}
            {user.is_active ? (
              <p>
                <strong>{ROLE_NAMES[data.role]}:</strong> {data.roleAllows}
              </p>
            ) : (
              <p>
                <strong>Deactivated:</strong> {user.full_name} cannot sign in, so has no access until reactivated (as {roleWithArticle(data.role)}).
              </p>
            )}
            <h4>User groups</h4>
            {data.groups.length === 0 ? (
              <p className="muted">In no user group.</p>
            ) : (
              <ul aria-label="User groups" className="access-groups">
                {data.groups.map((group) => (
                  <li key={group.id}>
                    {group.name} <span className="muted">({membershipWords(group)})</span>
                  </li>
                ))}
              </ul>
            )}
            <h4>Channels</h4>
            {/* A scrolling box: a tab stop of its own, so the keyboard can scroll it too. */}
            <div className="access-table-wrap scroll-cue" tabIndex={0} role="region" aria-label="Channels">
              <table className="access-table" aria-label="Channel access">
                <thead>
                  <tr>
                    <th scope="col">Channel</th>
                    {COLUMNS.map(([key, label]) => (
                      <th key={key} scope="col">
                        {label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.channels.map((channel) => (
                    <tr key={channel.channelId}>
                      <th scope="row">#{channel.name}</th>
                      {COLUMNS.map(([key]) => (
                        <td key={key} data-held={channel[key] || undefined}>
                          {channel[key] ? 'Yes' : 'No'}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <h4>Organization permissions</h4>
            {data.organization.length === 0 ? (
              <p className="muted">None beyond the role.</p>
            ) : (
              <ul aria-label="Organization permissions">
                {data.organization.map((permission) => (
                  <li key={permission.setting}>May {permission.words}</li>
                ))}
              </ul>
            )}
            <button
              type="button"
              className="button button-small"
              onClick={() => downloadText(`access-${user.full_name.replace(/[^\w.-]+/g, '-')}.csv`, accessCsv(user.full_name, data), 'text/csv;charset=utf-8')}
            >
              Export access as CSV
            </button>
          </>
        )}
      </QueryGate>
    </section>
  );
}
