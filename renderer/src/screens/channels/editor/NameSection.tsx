// Renaming a channel. The field follows the channel live; under an unsent edit, a rename made
// elsewhere is said with "Keep my edit" and "Take theirs" (user-changes/use-live-draft.ts). The length
// limit is the server's (register `max_stream_name_length`); a name another channel has, archived ones
// included, or one that only looks like it, is said before sending, and what a name hides (invisible
// characters, odd spaces) is warned about, the channel's own name included
// (shared/domain/channel-names.ts).
import { useId, useMemo, type FormEvent } from 'react';
import { charCount } from '../../../../../shared/api/common';
import { findNameClash, nameClashWords, nameWarnings } from '../../../../../shared/domain/channel-names';
import { ProblemText } from '../../../components/Field';
import { useChannels } from '../../../queries/channels';
import { ChangedMeanwhile } from '../../../user-changes/ChangedMeanwhile';
import { useLiveDraft } from '../../../user-changes/use-live-draft';
import { NameWarnings } from './NameWarnings';
import type { SectionProps } from './rules-context';
import { SaveOutcome } from './SaveOutcome';
import { useChannelSave } from './use-channel-save';
import { useUnsavedEdit } from '../../../components/unsaved-edits';

export function NameSection({ account, entry, context, locked }: SectionProps) {
  const id = useId();
  const { channel } = entry;
  const draft = useLiveDraft(channel.name);
  useUnsavedEdit('name', draft.edited);
  const save = useChannelSave(account.id, channel.stream_id);
  const channels = useChannels(account.id);
  const name = draft.value.trim();
  const max = context.limits.maxNameLength;
  const others = useMemo(() => (channels.data ?? []).map((other) => other.channel), [channels.data]);
  const clash = findNameClash(name, others, channel.stream_id);
  const warnings = nameWarnings(draft.value);
  const problem =
    name === ''
      ? 'Type a name.'
      : max !== null && charCount(name) > max
        ? `A channel name has at most ${max} characters (this one has ${charCount(name)}).`
        : clash
          ? nameClashWords(clash)
          : null;
  const canSend = locked === null && problem === null && name !== channel.name && draft.theirs === null && !save.pending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSend) save.send({ property: 'name', value: name, old: channel.name }, { done: `Renamed to #${name}.` });
  };

  return (
    <section className="panel-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="section-label">Name</h3>
      <form className="rename-form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-name`} className="visually-hidden">
          Channel name
        </label>
        <input
          id={`${id}-name`}
          value={draft.value}
          disabled={locked !== null}
          aria-invalid={problem && draft.value !== channel.name ? true : undefined}
          aria-describedby={[problem ? `${id}-problem` : null, warnings.length > 0 ? `${id}-warnings` : null].filter(Boolean).join(' ') || undefined}
          onChange={(event) => {
            draft.set(event.target.value);
            save.reset();
          }}
        />
        <button type="submit" className="button" disabled={!canSend}>
          {save.pending ? 'Renaming…' : 'Rename'}
        </button>
      </form>
      {draft.theirs !== null && !save.conflict && <ChangedMeanwhile theirs={`#${draft.theirs}`} mine={`#${draft.value}`} what="edit" onKeep={draft.keepMine} onTake={draft.takeTheirs} />}
      {problem && draft.value !== channel.name && <ProblemText id={`${id}-problem`} message={problem} />}
      <NameWarnings id={`${id}-warnings`} warnings={warnings} />
      <SaveOutcome save={save} live={channel.name} words={(value) => `#${String(value)}`} onKeepTheirs={(theirs) => draft.reset(String(theirs))} />
    </section>
  );
}
