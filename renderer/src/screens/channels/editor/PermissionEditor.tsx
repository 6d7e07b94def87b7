// One group setting of a channel: what it permits, who holds it as pills (roles, groups, people), who
// that is in people (and who may anyway at the organization level), who gains and who loses it before
// it is sent, and the save as `{new, old}`. It follows the channel live; under an unsent edit a change
// made elsewhere is said, with theirs beside the edit and "Keep my edit" to apply it on top of theirs.
import { useCallback, useId, useMemo, useState } from 'react';
import type { GroupSettingValue } from '../../../../../shared/api/common';
import { hasContentAccess, losesOwnAdministration } from '../../../../../shared/domain/channel-admin';
import { audienceChange, permissionAudience } from '../../../../../shared/domain/channel-audience';
import { groupSettingWords, pillsOf, sameGroupSetting, valueOfPills, type Pill } from '../../../../../shared/domain/channel-groups';
import { alwaysHolders, alwaysHoldersWords, CHANNEL_SETTING_INFO, checkSettingChange, checkSettingValue, type ChannelGroupSetting } from '../../../../../shared/domain/channel-permissions';
import { ConsentBox } from '../../../components/ConsentBox';
import { ChangedMeanwhile } from '../../../user-changes/ChangedMeanwhile';
import { useLiveDraft } from '../../../user-changes/use-live-draft';
import { useChannelSubscribers } from '../../../queries/channel-subscribers';
import { HoldersList } from './HoldersList';
import { PillEditor } from './PillEditor';
import type { SectionProps } from './rules-context';
import { SaveOutcome } from './SaveOutcome';
import { useChannelSave } from './use-channel-save';
import { useUnsavedEdit } from '../../../components/unsaved-edits';

const count = new Intl.NumberFormat();
const NAMES_IN_REVIEW = 8;

export function PermissionEditor({ account, entry, rules, locked, setting, live }: SectionProps & { setting: ChannelGroupSetting; live: GroupSettingValue }) {
  const id = useId();
  const { channel } = entry;
  const info = CHANNEL_SETTING_INFO[setting];
  const draft = useLiveDraft<GroupSettingValue>(live, sameGroupSetting);
  useUnsavedEdit(`permission:${setting}`, draft.edited);
  const save = useChannelSave(account.id, channel.stream_id);
  const [consent, setConsent] = useState(false);
  const { index, people, policy, actor } = rules;
  const words = useCallback((value: unknown) => groupSettingWords(value as GroupSettingValue, index, people), [index, people]);

  const pills = useMemo(() => pillsOf(draft.value, index), [draft.value, index]);
  // Who can use it depends on who is subscribed (channel-audience.ts); until the list is read, nobody is left out.
  const subscriberList = useChannelSubscribers(account.id, channel.stream_id).data;
  const audienceFacts = useMemo(() => ({ index, people, subscribers: subscriberList ? new Set(subscriberList) : null }), [index, people, subscriberList]);
  const audience = useMemo(() => permissionAudience(setting, channel, draft.value, audienceFacts), [setting, channel, draft.value, audienceFacts]);
  const always = useMemo(() => alwaysHolders(setting, policy, index, people), [setting, policy, index, people]);
  const changed = !sameGroupSetting(draft.value, live);
  const review = useMemo(() => (changed ? audienceChange(setting, channel, live, draft.value, { ...audienceFacts, always }) : null), [changed, setting, channel, live, draft.value, audienceFacts, always]);
  const contentAccess = hasContentAccess(actor, channel, entry.subscribed, index);
  const changeVerdict = checkSettingChange(setting, actor, policy, index, contentAccess);
  const valueVerdict = checkSettingValue(setting, draft.value, index);
  const why = locked ?? (changeVerdict.allowed ? null : changeVerdict.reason);
  const losesAdministration = setting === 'can_administer_channel_group' && changed && losesOwnAdministration(actor, channel, draft.value, index);
  const canSend = why === null && changed && valueVerdict.allowed && draft.theirs === null && (!losesAdministration || consent) && !save.pending;

  const refusal = useCallback(
    (pill: Pill) => {
      const value = valueOfPills([pill], index);
      if (value === null) return null;
      const verdict = checkSettingValue(setting, value, index);
      return verdict.allowed ? null : verdict.reason;
    },
    [setting, index],
  );

  const setPills = (next: Pill[]) => {
    const value = valueOfPills(next, index);
    if (value === null) return;
    draft.set(value);
    setConsent(false);
    save.reset();
  };

  const alwaysWords = alwaysHoldersWords(setting, policy, index, people);
  const name = (userId: number) => people.get(userId)?.full_name ?? `user ${userId}`;

  return (
    <div className="permission-editor" role="group" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="visually-hidden">
        {info.label}
      </p>
      <p className="muted">{info.permits}</p>
      <PillEditor
        label={`Add to “${info.label}”`}
        pills={pills}
        index={index}
        people={people}
        disabled={why !== null || save.pending}
        refusal={refusal}
        onChange={setPills}
      />
      {why && <p className="role-reason">{why}</p>}
      {!valueVerdict.allowed && <p className="role-reason problem-text">{valueVerdict.reason}</p>}
      <HoldersList holders={audience.holders} users={audience.users} limit={audience.limit} always={always} people={people} />
      {alwaysWords && <p className="muted section-note">{alwaysWords}</p>}
      {review && (review.gain.length > 0 || review.lose.length > 0) && (
        <div className="change-review">
          <p>
            <strong>
              {count.format(review.gain.length)} gain it, {count.format(review.lose.length)} lose it.
            </strong>
            {review.limit && ` Counting only those who can use it: ${review.limit}.`}
          </p>
          {review.gain.length > 0 && <p>Gain: {namesWords(review.gain.map(name))}</p>}
          {review.lose.length > 0 && <p>Lose: {namesWords(review.lose.map(name))}</p>}
          {review.opening && (
            <p className="notice" data-tone="warning">
              {review.opening}
            </p>
          )}
        </div>
      )}
      {review && review.gain.length === 0 && review.lose.length === 0 && (
        <p className="change-review">
          {review.limit ? `Nobody who can use it gains or loses it: ${review.limit}.` : 'Nobody gains or loses it: the same people hold it, named differently.'}
        </p>
      )}
      {losesAdministration && (
        <ConsentBox
          title="You would no longer administer this channel"
          words={`You hold this only through the channel’s setting: without it you could not change #${channel.name}, nor undo this yourself.`}
          consent={`I understand that I will no longer administer #${channel.name}`}
          checked={consent}
          onChange={setConsent}
        />
      )}
      {draft.theirs !== null && !save.conflict && <ChangedMeanwhile theirs={words(draft.theirs)} mine={words(draft.value)} what="edit" onKeep={draft.keepMine} onTake={draft.takeTheirs} />}
      <div className="change-actions">
        <button
          type="button"
          className="button"
          disabled={!canSend}
          onClick={() =>
            save.send(
              { property: setting, value: draft.value, old: live },
              { acknowledged: losesAdministration ? ['ownAdministration'] : undefined, done: `${info.label}: now ${words(draft.value)}.` },
            )
          }
        >
          {save.pending ? 'Saving…' : `Save “${info.label}”`}
        </button>
        {changed && draft.theirs === null && (
          <button type="button" className="button" onClick={() => draft.reset(live)}>
            Undo my edit
          </button>
        )}
      </div>
      <SaveOutcome save={save} live={live} words={words} onKeepTheirs={(theirs) => draft.reset(theirs as GroupSettingValue)} />
    </div>
  );
}

/** "Ann, Bo and 12 others". */
function namesWords(names: string[]): string {
  if (names.length <= NAMES_IN_REVIEW) return names.join(', ');
  return `${names.slice(0, NAMES_IN_REVIEW).join(', ')} and ${count.format(names.length - NAMES_IN_REVIEW)} others`;
}
