// A channel's topics policy: each choice with what it allows in this organization, `inherit` naming the
// organization's setting, and the `empty_topic_only` rule explained. The server checks that rule against
// the channel's messages; its refusal is shown in its words.
import { useId } from 'react';
import type { TopicsPolicy } from '../../../../../shared/api/common';
import { checkTopicsPolicyChange } from '../../../../../shared/domain/channel-admin';
import { topicsPolicyLabel, topicsPolicyMeaning, TOPICS_POLICIES } from '../../../../../shared/domain/channel-topics';
import { ChangedMeanwhile } from '../../../user-changes/ChangedMeanwhile';
import { useLiveDraft } from '../../../user-changes/use-live-draft';
import type { SectionProps } from './rules-context';
import { SaveOutcome } from './SaveOutcome';
import { useChannelSave } from './use-channel-save';
import { useUnsavedEdit } from '../../../components/unsaved-edits';

export function TopicsSection({ account, entry, rules, locked }: SectionProps) {
  const id = useId();
  const { channel } = entry;
  const live = channel.topics_policy ?? 'inherit';
  const draft = useLiveDraft<TopicsPolicy>(live);
  useUnsavedEdit('topics', draft.edited);
  const save = useChannelSave(account.id, channel.stream_id);
  const { emptyTopicName, topicsPolicy } = rules.policy;
  const verdict = checkTopicsPolicyChange(rules.actor, rules.policy, rules.index);
  const why = locked ?? (verdict.allowed ? null : verdict.reason);
  const canSend = why === null && draft.value !== live && draft.theirs === null && !save.pending;
  const words = (value: unknown) => topicsPolicyLabel(value as TopicsPolicy, emptyTopicName);

  return (
    <section className="panel-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="section-label">Topics</h3>
      <fieldset className="role-options" aria-labelledby={`${id}-title`} disabled={why !== null || save.pending}>
        {TOPICS_POLICIES.map((policy) => (
          <div key={policy} className="role-option">
            <label>
              <input
                type="radio"
                name={`${id}-topics`}
                checked={draft.value === policy}
                aria-describedby={`${id}-meaning-${policy}`}
                onChange={() => {
                  draft.set(policy);
                  save.reset();
                }}
              />
              <span>{words(policy)}</span>
              {policy === live && <span className="muted"> (current)</span>}
            </label>
            <p id={`${id}-meaning-${policy}`} className="role-reason">
              {topicsPolicyMeaning(policy, emptyTopicName, topicsPolicy)}
            </p>
          </div>
        ))}
      </fieldset>
      {why && <p className="role-reason">{why}</p>}
      {draft.theirs !== null && !save.conflict && <ChangedMeanwhile theirs={words(draft.theirs)} mine={words(draft.value)} what="choice" onKeep={draft.keepMine} onTake={draft.takeTheirs} />}
      <div className="change-actions">
        <button
          type="button"
          className="button"
          disabled={!canSend}
          onClick={() => save.send({ property: 'topicsPolicy', value: draft.value, old: live }, { done: `Topics in #${channel.name}: ${words(draft.value).toLowerCase()}.` })}
        >
          {save.pending ? 'Saving…' : 'Save topics policy'}
        </button>
      </div>
      <SaveOutcome save={save} live={live} words={words} onKeepTheirs={(theirs) => draft.reset(theirs as TopicsPolicy)} />
    </section>
  );
}
