// The Moderation screen: the realm's moderation request channel as an inbox of reports. Before the
// inbox it says plainly when there is nothing to read: no channel configured (reporting is off), or a
// channel the signed-in user cannot read.
import type { Account, ModerationInbox } from '../../../../shared/ipc';
import { NoAccount } from '../../components/NoAccount';
import { QueryGate } from '../../components/QueryGate';
import { useModerationInbox } from '../../queries/moderation';
import { Inbox } from './Inbox';
import './moderation.css';

export function ModerationScreen({ account }: { account: Account | null }) {
  return (
    <section className="moderation" aria-labelledby="screen-title">
      <h1 id="screen-title">Moderation</h1>
      {account ? <ModerationOf account={account} /> : <NoAccount />}
    </section>
  );
}

function ModerationOf({ account }: { account: Account }) {
  return (
    <QueryGate query={useModerationInbox(account.id)} loading={`Reading the reports of ${account.realmName}`} failure={`Could not read the reports of ${account.realmName}`}>
      {(inbox) => <InboxOrExplanation account={account} inbox={inbox} />}
    </QueryGate>
  );
}

function InboxOrExplanation({ account, inbox }: { account: Account; inbox: ModerationInbox }) {
  const { channel } = inbox;
  if (!channel) return <NoModerationChannel realmName={account.realmName} />;
  if (!inbox.readable) return <UnreadableChannel channel={channel} />;
  return <Inbox account={account} inbox={inbox} />;
}

/** What a realm without a moderation request channel means, and what to set up. */
export function NoModerationChannel({ realmName }: { realmName: string }) {
  return (
    <div className="notice moderation-setup">
      <h2>Reporting is off in {realmName}</h2>
      <p>
        This organization has no moderation request channel. Until it has one, members cannot report messages: the option is not
        offered in their message menus, and no reports arrive for this inbox to show.
      </p>
      <p>To turn reporting on, an administrator sets it up:</p>
      <ol>
        <li>Create a private channel for moderators, for example #moderation, and add the moderators to it.</li>
        <li>
          In the organization settings (Organization settings › Moderation), choose that channel as the{' '}
          <strong>moderation request channel</strong>.
        </li>
      </ol>
      <p className="muted">From then on, members can report a message from its menu, and each report appears here as it arrives.</p>
    </div>
  );
}

/** The channel exists, but the signed-in user cannot read it (a private channel they are not in). */
export function UnreadableChannel({ channel }: { channel: NonNullable<ModerationInbox['channel']> }) {
  return (
    <div className="notice moderation-setup" role="status">
      <h2>You cannot read #{channel.name}</h2>
      <p>
        Reports in this organization go to #{channel.name}, a private channel you are not subscribed to, so the console cannot show
        them to you.
      </p>
      <p>
        Subscribe to #{channel.name} if your role allows it, or ask an owner of the organization to add you. The inbox fills in as
        soon as you can read the channel.
      </p>
    </div>
  );
}
