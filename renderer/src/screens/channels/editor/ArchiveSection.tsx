// Archiving (upstream DELETE /streams/{id}) and unarchiving (spec 3 `is_archived: false`), each
// confirmed first with what it does. A channel archived or unarchived elsewhere while the question is
// open closes it and says so, rather than offering the opposite in its place.
import { useId, useState } from 'react';
import { plural } from '../../../../../shared/domain/plural';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import type { SectionProps } from './rules-context';
import { SaveOutcome } from './SaveOutcome';
import { useChannelSave } from './use-channel-save';

export function ArchiveSection({ account, entry, locked }: SectionProps) {
  const id = useId();
  const { channel } = entry;
  const archived = channel.is_archived === true;
  const save = useChannelSave(account.id, channel.stream_id);
  const [asking, setAsking] = useState<boolean | null>(null);
  const [meanwhile, setMeanwhile] = useState<string | null>(null);
  const name = `#${channel.name}`;

  if (asking !== null && asking === archived) {
    // Done elsewhere while the question was open: nothing is left to confirm.
    setAsking(null);
    setMeanwhile(`${name} was ${archived ? 'archived' : 'unarchived'} on the server meanwhile. Nothing was sent from here.`);
  }

  const confirm = () => {
    const value = !archived;
    setAsking(null);
    setMeanwhile(null);
    save.send({ property: 'archived', value, old: archived }, { done: value ? `${name} was archived.` : `${name} was unarchived.` });
  };

  return (
    <section className="panel-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="section-label">{archived ? 'Unarchive' : 'Archive'}</h3>
      <p className="muted">
        {archived
          ? `${name} is archived: nobody can post to it, and it is hidden from the channel lists. Unarchiving brings it back with its messages and subscribers.`
          : 'An archived channel keeps its messages and subscribers, but nobody can post to it and it leaves the channel lists. It stops being a default channel. You can unarchive it later.'}
      </p>
      {locked && <p className="role-reason">{locked}</p>}
      <div className="change-actions">
        <button
          type="button"
          className={archived ? 'button' : 'button button-danger'}
          disabled={locked !== null || save.pending}
          onClick={() => {
            save.reset();
            setMeanwhile(null);
            setAsking(!archived);
          }}
        >
          {save.pending ? (archived ? 'Unarchiving…' : 'Archiving…') : archived ? `Unarchive ${name}…` : `Archive ${name}…`}
        </button>
      </div>
      {meanwhile && (
        <p className="change-done" role="status">
          {meanwhile}
        </p>
      )}
      <SaveOutcome save={save} live={archived} words={(value) => (value ? 'Archived' : 'Active')} onKeepTheirs={() => undefined} />
      <ConfirmDialog
        open={asking !== null}
        title={asking ? `Archive ${name}?` : `Unarchive ${name}?`}
        confirmLabel={asking ? 'Archive' : 'Unarchive'}
        danger={asking === true}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      >
        {asking ? (
          <p>
            Nobody will be able to post to {name}, and it leaves the channel lists{entry.isDefault ? '; it stops being a default channel' : ''}. Its{' '}
            {plural(entry.subscriberCount, 'subscriber keeps', 'subscribers keep')} their subscription and its messages stay, so it can be unarchived later.
          </p>
        ) : (
          <p>
            {name} comes back to the channel lists with its messages and its {plural(entry.subscriberCount, 'subscriber', 'subscribers')}, who can post to it again.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
