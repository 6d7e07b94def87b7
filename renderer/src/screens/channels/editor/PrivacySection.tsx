// A channel's privacy, with the rules said before anything is sent: each choice with what it means,
// one the rules do not allow disabled with the reason beside it (web-public's preconditions, a default
// channel never private, the moderation request channel never public, a private channel's privacy only
// with access to its messages), and why protected history is not offered for public channels. Making
// private a channel the user cannot otherwise read is confirmed in words first.
import { useId, useMemo, useState } from 'react';
import { losesOwnAccess } from '../../../../../shared/domain/channel-admin';
import {
  checkPrivacy,
  isPrivate,
  privacyOf,
  PRIVACY_CHOICES,
  PRIVACY_WORDS,
  PROTECTED_HISTORY_RULE,
  type ChannelPrivacy,
  type Privacy,
} from '../../../../../shared/domain/channel-privacy';
import { privacySituation } from '../../../../../shared/domain/channel-privacy-situation';
import { ConsentBox } from '../../../components/ConsentBox';
import { ChangedMeanwhile } from '../../../user-changes/ChangedMeanwhile';
import { useLiveDraft } from '../../../user-changes/use-live-draft';
import type { SectionProps } from './rules-context';
import { SaveOutcome } from './SaveOutcome';
import { useChannelSave } from './use-channel-save';
import { useUnsavedEdit } from '../../../components/unsaved-edits';

const words = (value: unknown) => PRIVACY_WORDS[value as ChannelPrivacy].label;
const count = new Intl.NumberFormat();

/** Who gains and who loses sight of the channel, said before the change is sent. */
function privacyReview(from: ChannelPrivacy, to: ChannelPrivacy, subscribers: number): string {
  const kept = `its ${count.format(subscribers)} subscriber${subscribers === 1 ? '' : 's'}`;
  // Guests see a public channel only when subscribed, but a web-public one as visitors do.
  if (isPrivate(to) && !isPrivate(from)) {
    return `Loses sight of it: every ${from === 'web_public' ? 'member and guest' : 'member'} outside ${kept}${from === 'web_public' ? ', and visitors without an account' : ''}. Administrators still see it exists.`;
  }
  if (!isPrivate(to) && isPrivate(from)) {
    return to === 'web_public' ? 'Gains sight of it: every member, and anyone on the internet without an account.' : `Gains sight of it: every member, who can then read its whole history.`;
  }
  if (to === 'web_public') return 'Gains sight of it: anyone on the internet, without an account.';
  if (from === 'web_public') return 'Loses sight of it: visitors without an account.';
  return to === 'private_shared' ? `Gains: ${kept} can read its history from before they joined.` : `Loses: ${kept} no longer read what was sent before they joined.`;
}

export function PrivacySection({ account, entry, context, rules, locked }: SectionProps) {
  const id = useId();
  const { channel } = entry;
  const live = privacyOf(channel);
  const draft = useLiveDraft<ChannelPrivacy>(live);
  useUnsavedEdit('privacy', draft.edited);
  const save = useChannelSave(account.id, channel.stream_id);
  const [consent, setConsent] = useState(false);
  const situation = useMemo(
    () =>
      privacySituation({
        channel,
        isDefault: entry.isDefault,
        subscribed: entry.subscribed,
        moderationChannelId: context.moderationChannelId,
        featureLevel: context.featureLevel,
        actor: rules.actor,
        policy: rules.policy,
        index: rules.index,
        people: rules.people,
      }),
    [channel, entry.isDefault, entry.subscribed, context.moderationChannelId, context.featureLevel, rules],
  );
  const chosen = draft.value;
  const losesAccess = isPrivate(chosen) && !isPrivate(live) && losesOwnAccess(rules.actor, channel, entry.subscribed, rules.index);
  const canSend = locked === null && chosen !== live && chosen !== 'public_protected' && draft.theirs === null && (!losesAccess || consent) && !save.pending;

  const send = () => {
    if (chosen === 'public_protected') return;
    save.send({ property: 'privacy', value: chosen, old: live }, { acknowledged: losesAccess ? ['ownAccess'] : undefined, done: `#${channel.name} is now ${words(chosen).toLowerCase()}.` });
    setConsent(false);
  };

  return (
    <section className="panel-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="section-label">Privacy</h3>
      <fieldset className="role-options" aria-labelledby={`${id}-title`} disabled={locked !== null || save.pending}>
        {PRIVACY_CHOICES.map((choice: Privacy) => {
          const verdict = checkPrivacy(choice, situation);
          const reasonId = `${id}-reason-${choice}`;
          return (
            <div key={choice} className="role-option" data-unavailable={!verdict.allowed || undefined}>
              <label>
                <input
                  type="radio"
                  name={`${id}-privacy`}
                  checked={chosen === choice}
                  disabled={!verdict.allowed}
                  aria-describedby={reasonId}
                  onChange={() => {
                    draft.set(choice);
                    setConsent(false);
                    save.reset();
                  }}
                />
                <span>{PRIVACY_WORDS[choice].label}</span>
                {choice === live && <span className="muted"> (current)</span>}
              </label>
              <p id={reasonId} className="role-reason">
                {verdict.allowed ? PRIVACY_WORDS[choice].meaning : verdict.reason}
              </p>
            </div>
          );
        })}
      </fieldset>
      {live === 'public_protected' && <p className="role-reason">{PRIVACY_WORDS.public_protected.meaning}</p>}
      <p className="muted section-note">{PROTECTED_HISTORY_RULE}</p>
      {draft.theirs !== null && !save.conflict && <ChangedMeanwhile theirs={words(draft.theirs)} mine={words(chosen)} what="choice" onKeep={draft.keepMine} onTake={draft.takeTheirs} />}
      {chosen !== live && <p className="change-review">{privacyReview(live, chosen, entry.subscriberCount)}</p>}
      {losesAccess && (
        <ConsentBox
          title="You would lose access to this channel"
          words={`You are not subscribed to #${channel.name}: once it is private you could not read it, nor change its privacy back, until someone subscribes you.`}
          consent={`I understand that I will lose access to #${channel.name}`}
          checked={consent}
          onChange={setConsent}
        />
      )}
      <div className="change-actions">
        <button type="button" className="button" disabled={!canSend} onClick={send}>
          {save.pending ? 'Saving…' : chosen === live ? 'Choose a new privacy' : `Make it ${words(chosen).toLowerCase()}`}
        </button>
      </div>
      <SaveOutcome save={save} live={live} words={words} onKeepTheirs={(theirs) => draft.reset(theirs as ChannelPrivacy)} />
    </section>
  );
}
