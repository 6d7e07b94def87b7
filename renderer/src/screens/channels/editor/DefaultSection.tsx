// Whether new members join the channel when they sign up (a default channel). Administrators choose;
// a private or archived channel cannot be one, said beside the box.
import { useId } from 'react';
import { checkDefaultChange } from '../../../../../shared/domain/channel-admin';
import { isPrivate, privacyOf } from '../../../../../shared/domain/channel-privacy';
import { ChangedMeanwhile } from '../../../user-changes/ChangedMeanwhile';
import { useLiveDraft } from '../../../user-changes/use-live-draft';
import type { SectionProps } from './rules-context';
import { SaveOutcome } from './SaveOutcome';
import { useChannelSave } from './use-channel-save';
import { useUnsavedEdit } from '../../../components/unsaved-edits';

const words = (value: unknown) => (value ? 'a default channel' : 'not a default channel');

export function DefaultSection({ account, entry, rules, locked }: SectionProps) {
  const id = useId();
  const { channel } = entry;
  const draft = useLiveDraft(entry.isDefault);
  useUnsavedEdit('default', draft.edited);
  const save = useChannelSave(account.id, channel.stream_id);
  const role = checkDefaultChange(rules.actor);
  const why =
    locked ??
    (!role.allowed
      ? role.reason
      : !entry.isDefault && isPrivate(privacyOf(channel))
        ? 'A private channel cannot be a default channel: make it public first.'
        : !entry.isDefault && channel.is_archived
          ? 'An archived channel cannot be a default channel: unarchive it first.'
          : null);
  const canSend = why === null && draft.value !== entry.isDefault && draft.theirs === null && !save.pending;

  return (
    <section className="panel-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="section-label">Default channel</h3>
      <label className="check-label">
        <input
          type="checkbox"
          checked={draft.value}
          disabled={why !== null}
          aria-describedby={`${id}-meaning`}
          onChange={(event) => {
            draft.set(event.target.checked);
            save.reset();
          }}
        />
        <span>New members join it when they sign up</span>
      </label>
      <p id={`${id}-meaning`} className="role-reason">
        {why ?? 'Existing members are not subscribed or unsubscribed by this.'}
      </p>
      {draft.theirs !== null && !save.conflict && <ChangedMeanwhile theirs={words(draft.theirs)} mine={words(draft.value)} what="choice" onKeep={draft.keepMine} onTake={draft.takeTheirs} />}
      <div className="change-actions">
        <button
          type="button"
          className="button"
          disabled={!canSend}
          onClick={() => save.send({ property: 'default', value: draft.value, old: entry.isDefault }, { done: draft.value ? `#${channel.name} is now a default channel.` : `#${channel.name} is no longer a default channel.` })}
        >
          {save.pending ? 'Saving…' : 'Save default channel'}
        </button>
      </div>
      <SaveOutcome save={save} live={entry.isDefault} words={(value) => `#${channel.name} is ${words(value)}`} onKeepTheirs={(theirs) => draft.reset(Boolean(theirs))} />
    </section>
  );
}
