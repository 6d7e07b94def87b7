// The realm at a glance, live: every count comes from the core's realm state and is reread when a
// push says it changed (queries/pushes.ts), so it moves without a reload.
import type { Account, RealmOverview } from '../../../../shared/ipc';
import { NoAccount } from '../../components/NoAccount';
import { QueryGate } from '../../components/QueryGate';
import { useRealmOverview } from '../../queries/realm';
import './overview.css';

const count = new Intl.NumberFormat();
const plural = (n: number, one: string, many: string) => `${count.format(n)} ${n === 1 ? one : many}`;

export function OverviewScreen({ account }: { account: Account | null }) {
  return (
    <section className="overview" aria-labelledby="screen-title">
      <h1 id="screen-title">Overview</h1>
      {account ? <OverviewOf account={account} /> : <NoAccount />}
    </section>
  );
}

function OverviewOf({ account }: { account: Account }) {
  return (
    <QueryGate query={useRealmOverview(account.id)} loading={`Loading ${account.realmName}`} failure={`Could not load the overview of ${account.realmName}`}>
      {(overview) => <OverviewFigures overview={overview} />}
    </QueryGate>
  );
}

function OverviewFigures({ overview: o }: { overview: RealmOverview }) {
  const humans = o.usersByRole.owner + o.usersByRole.administrator + o.usersByRole.moderator + o.usersByRole.member + o.usersByRole.guest;
  return (
    <>
      <p className="overview-realm">
        <strong>{o.realmName}</strong>
        <span className="overview-url">{o.realmUrl}</span>
        <span className="muted">Feature level {o.featureLevel}</span>
      </p>
      <div className="cards">
        <article className="card card-users" aria-labelledby="overview-users">
          <h2 id="overview-users">Users</h2>
          <p className="card-figure">{plural(humans, 'active user', 'active users')}</p>
          <dl className="figures">
            <Figure label="Owners" value={o.usersByRole.owner} />
            <Figure label="Administrators" value={o.usersByRole.administrator} />
            <Figure label="Moderators" value={o.usersByRole.moderator} />
            <Figure label="Members" value={o.usersByRole.member} />
            <Figure label="Guests" value={o.usersByRole.guest} />
            <Figure label="Bots" value={o.bots} />
            <Figure label="Deactivated" value={o.deactivatedUsers} />
          </dl>
        </article>
        <article className="card" aria-labelledby="overview-channels">
          <h2 id="overview-channels">Channels and folders</h2>
          <p className="card-figure">{plural(o.channels, 'channel', 'channels')}</p>
          <dl className="figures">
            <Figure label="Archived channels" value={o.archivedChannels} />
            <Figure label="Channel folders" value={o.folders} />
          </dl>
        </article>
        <article className="card" aria-labelledby="overview-invitations">
          <h2 id="overview-invitations">Pending invitations</h2>
          {o.pendingInvitations === null ? (
            <p className="card-note">Your role cannot list this organization’s invitations, so they are not counted.</p>
          ) : (
            <p className="card-figure">{plural(o.pendingInvitations, 'pending invitation', 'pending invitations')}</p>
          )}
        </article>
        <article className="card" aria-labelledby="overview-reports">
          <h2 id="overview-reports">Reported messages</h2>
          <Reports overview={o} />
        </article>
      </div>
    </>
  );
}

function Reports({ overview: o }: { overview: RealmOverview }) {
  if (o.moderationChannel === null) {
    return (
      <p className="card-note">
        This organization has no moderation request channel, so reports of messages are not collected anywhere the console can
        count them. An administrator can choose one in Organization settings → Moderation.
      </p>
    );
  }
  if (o.reports === null) {
    return <p className="card-note">Reports go to #{o.moderationChannel}, which you cannot read, so they are not counted.</p>;
  }
  return (
    <>
      <p className="card-figure">{plural(o.reports, 'report', 'reports')}</p>
      <p className="card-note">in #{o.moderationChannel}</p>
    </>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="figure">
      <dt>{label}</dt>
      <dd>{count.format(value)}</dd>
    </div>
  );
}
