// The realm at a glance, live: every count comes from the core's realm state and is reread when a
// push says it changed (queries/pushes.ts), so it moves without a reload. Each figure that a screen
// lists is a button to that screen, filtered to show exactly that figure (open-filtered.ts).
import { useId, type ReactNode } from 'react';
import { ROLES_IN_ORDER } from '../../../../shared/domain/role-rules';
import { ALL_USERS, FACET_WORDS, type UserFacets } from '../../../../shared/domain/user-counts';
import type { Account, RealmOverview } from '../../../../shared/ipc';
import { Icon } from '../../components/Icon';
import { NoAccount } from '../../components/NoAccount';
import { QueryGate } from '../../components/QueryGate';
import { useModerationInbox } from '../../queries/moderation';
import { useRealmOverview } from '../../queries/realm';
import { openChannels, openFolders, openPendingInvitations, openReports, openUsers } from './open-filtered';
import './overview.css';
import { plural } from '../../../../shared/domain/plural';

const count = new Intl.NumberFormat();

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
      {(overview) => <OverviewFigures account={account.id} overview={overview} />}
    </QueryGate>
  );
}

/** The overview contract's key for each role's count. */
const ROLE_KEYS = { 100: 'owner', 200: 'administrator', 300: 'moderator', 400: 'member', 600: 'guest' } as const;

function OverviewFigures({ account, overview: o }: { account: string; overview: RealmOverview }) {
  const showUsers = (facets: Partial<UserFacets>) => () => openUsers(account, { ...ALL_USERS, ...facets });
  return (
    <>
      <p className="overview-realm">
        <strong>{o.realmName}</strong>
        <span className="overview-url">{o.realmUrl}</span>
        <span className="muted">Feature level {o.featureLevel}</span>
      </p>
      <div className="cards">
        <article className="panel card card-users" aria-labelledby="overview-users">
          <h2 id="overview-users" className="section-label">Users</h2>
          <FigureButton onClick={showUsers({})}>{plural(o.users, 'user', 'users')}</FigureButton>
          <p className="card-note">Counted as Users &amp; roles counts them: bots and deactivated users count under their role too.</p>
          <FigureGroup title="Role">
            {ROLES_IN_ORDER.map((role) => (
              <LinkedFigure key={role} label={FACET_WORDS.role[role]} value={o.usersByRole[ROLE_KEYS[role]]} onClick={showUsers({ role })} />
            ))}
          </FigureGroup>
          <FigureGroup title="Status">
            <LinkedFigure label={FACET_WORDS.status.active} value={o.activeUsers} onClick={showUsers({ status: 'active' })} />
            <LinkedFigure label={FACET_WORDS.status.deactivated} value={o.deactivatedUsers} onClick={showUsers({ status: 'deactivated' })} />
          </FigureGroup>
          <FigureGroup title="Kind">
            <LinkedFigure label={FACET_WORDS.kind.humans} value={o.humans} onClick={showUsers({ kind: 'humans' })} />
            <LinkedFigure label={FACET_WORDS.kind.bots} value={o.bots} onClick={showUsers({ kind: 'bots' })} />
          </FigureGroup>
        </article>
        <article className="panel card" aria-labelledby="overview-channels">
          <h2 id="overview-channels" className="section-label">Channels and folders</h2>
          <FigureButton onClick={() => openChannels(account, 'active')}>{plural(o.channels, 'channel', 'channels')}</FigureButton>
          <dl className="figures">
            <LinkedFigure label="Archived channels" value={o.archivedChannels} onClick={() => openChannels(account, 'archived')} />
            <LinkedFigure label="Channel folders" value={o.folders} onClick={() => openFolders(account)} />
          </dl>
        </article>
        <article className="panel card" aria-labelledby="overview-invitations">
          <h2 id="overview-invitations" className="section-label">Pending invitations</h2>
          <InvitationsFigure account={account} pending={o.pendingInvitations} />
        </article>
        <article className="panel card" aria-labelledby="overview-reports">
          <h2 id="overview-reports" className="section-label">Reported messages</h2>
          <Reports account={account} overview={o} />
        </article>
      </div>
    </>
  );
}

/**
 * The server lists a moderator's own invitations only (upstream GET /invites), so that is what is
 * counted for them, said as theirs: the Invitations screen lists the same ones.
 */
function InvitationsFigure({ account, pending }: { account: string; pending: RealmOverview['pendingInvitations'] }) {
  if (pending === null) return <p className="card-note">Your role cannot list this organization’s invitations, so they are not counted.</p>;
  const open = () => openPendingInvitations(account);
  if (pending.whose === 'all') return <FigureButton onClick={open}>{plural(pending.count, 'pending invitation', 'pending invitations')}</FigureButton>;
  return (
    <>
      <FigureButton onClick={open}>{`${count.format(pending.count)} sent by you`}</FigureButton>
      <p className="card-note">Only owners and administrators see everyone’s pending invitations.</p>
    </>
  );
}

function Reports({ account, overview: o }: { account: string; overview: RealmOverview }) {
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
      <FigureButton onClick={() => openReports('all')}>{plural(o.reports, 'report', 'reports')}</FigureButton>
      <p className="card-note">in #{o.moderationChannel}</p>
      {o.reports > 0 && <NewReports account={account} />}
    </>
  );
}

/**
 * How many reports are new (not yet marked reviewed, which only the inbox knows), leading to them; or
 * that all are reviewed. Nothing while the inbox is read.
 */
function NewReports({ account }: { account: string }) {
  const inbox = useModerationInbox(account);
  if (!inbox.data) return null;
  const fresh = inbox.data.reports.filter((report) => report.status === 'new').length;
  if (fresh === 0) return <p className="card-note">All reviewed.</p>;
  return (
    <button type="button" className="button button-small card-action" onClick={() => openReports('new')}>
      Review {plural(fresh, 'new report', 'new reports')}
    </button>
  );
}

/** A card's main figure, leading to the screen that lists it. */
function FigureButton({ onClick, children }: { onClick(): void; children: string }) {
  return (
    <p className="card-figure">
      <button type="button" className="plain-button figure-button" onClick={onClick}>
        {children}
        <Icon name="chevron" className="figure-chevron" />
      </button>
    </p>
  );
}

function FigureGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="figure-group" aria-label={title}>
      <h3>{title}</h3>
      <dl className="figures">{children}</dl>
    </section>
  );
}

/** One row of figures that opens its list: the count is a button named by the row ("Members 43"), and covers the row. */
function LinkedFigure({ label, value, onClick }: { label: string; value: number; onClick(): void }) {
  const id = useId();
  return (
    <div className="figure figure-linked">
      <dt id={`${id}-label`}>{label}</dt>
      <dd>
        <button type="button" className="plain-button" id={`${id}-value`} aria-labelledby={`${id}-label ${id}-value`} onClick={onClick}>
          {count.format(value)}
          <Icon name="chevron" className="figure-chevron" />
        </button>
      </dd>
    </div>
  );
}

