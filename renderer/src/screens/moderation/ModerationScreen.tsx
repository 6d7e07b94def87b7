// The Moderation screen: the realm's moderation request channel as an inbox of reports. Before the
// inbox it says plainly when there is nothing to read: no channel configured (reporting is off), or a
// channel the signed-in user cannot read.
import type { Account, ModerationInbox } from '../../../../shared/ipc';
import { errorWords } from '../../errors/words';
import { useModerationInbox } from '../../queries/moderation';
import { Inbox } from './Inbox';
import './moderation.css';

export function ModerationScreen({ account }: { account: Account | null }) {
  return (
    <section className="moderation" aria-labelledby="screen-title">
      <h1 id="screen-title">Moderation</h1>
      {account ? <ModerationOf account={account} /> : <p className="muted">No organization is selected.</p>}
    </section>
  );
}

function ModerationOf({ account }: { account: Account }) {
  const inbox = useModerationInbox(account.id);
  if (inbox.isPending) {
    const failed = inbox.failureCount > 0 ? errorWords(inbox.failureReason).message : null;
    return (
      <p className="muted" aria-busy="true">
        Reading the reports of {account.realmName}…{failed && ` The last try failed: ${failed} Trying again.`}
      </p>
    );
  }
  if (inbox.isError) {
    const words = errorWords(inbox.error);
    return (
      <div className="notice" role="alert">
        <p>Could not read the reports of {account.realmName}: {words.message}</p>
        <p className="muted">{words.action ?? 'The status under the organization’s name says whether the console is connected.'}</p>
        <button type="button" className="button" onClick={() => void inbox.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const { channel } = inbox.data;
  if (!channel) return <NoModerationChannel realmName={account.realmName} />;
  if (!inbox.data.readable) return <UnreadableChannel channel={channel} />;
  return <Inbox account={account} inbox={inbox.data} />;
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
