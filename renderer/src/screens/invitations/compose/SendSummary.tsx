// The send confirmation's words: who will be invited as what, where to, who is left out and why, how
// the invitations are valid and welcomed, and how the campaign is sent. Inviting owners or
// administrators adds who gains what once they accept, and the box to tick for it
// (invite-role-notice.ts); the dialog's Send waits for it (OptionsForm.tsx). What the organization
// changed while the question was open comes first, with a box to tick for sending it as it is now
// (what-changed.ts).
import { useEffect, useRef } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { listWords } from '../../../../../shared/domain/list-words';
import { plural } from '../../../../../shared/domain/plural';
import { ROLE_NAMES } from '../../../../../shared/domain/role-rules';
import type { InviteChoices } from '../../../../../shared/ipc';
import { ConsentBox } from '../../../components/ConsentBox';
import { formatExpiry } from '../words';
import { toCampaignOptions, type CampaignFormValues } from './campaign-form';
import { failureSentence, failureWords, type CampaignPlan } from './campaign-plan';
import type { InviteRoleNotice } from './invite-role-notice';

export interface SendSummaryProps {
  form: UseFormReturn<CampaignFormValues>;
  choices: InviteChoices;
  plan: CampaignPlan;
  /** What the role given needs said (inviteRoleNotice), and whether its box is ticked. */
  roleNotice: InviteRoleNotice | null;
  consented: boolean;
  onConsent(ticked: boolean): void;
  /** How what would be sent differs from what the dialog opened with (sentChanges); empty when it does not. */
  changes: readonly string[];
  changeConfirmed: boolean;
  onConfirmChange(ticked: boolean): void;
}

export function SendSummary({ form, choices, plan, roleNotice, consented, onConsent, changes, changeConfirmed, onConfirmChange }: SendSummaryProps) {
  // Live: a channel renamed or taken out while the question is open shows as it is now.
  const values = useWatch({ control: form.control }) as CampaignFormValues;
  const options = toCampaignOptions(values, choices);
  const batchSize = values.batchSize;
  const channelNames = new Map(choices.channels.map((channel) => [channel.id, `#${channel.name}`]));
  const channels = [...(options.include_realm_default_subscriptions ? ['the default channels'] : []), ...options.stream_ids.map((channelId) => channelNames.get(channelId) ?? `channel ${channelId}`)];
  const welcome =
    options.welcome_message_custom_text === null ? 'the organization’s default' : options.welcome_message_custom_text === '' ? 'no custom message' : 'your custom message';
  const batches = Math.ceil(plan.send.length / batchSize);
  const leftOut = plan.failing.length - plan.sendFailing;
  return (
    <>
      {changes.length > 0 && <ChangedWhileOpen changes={changes} checked={changeConfirmed} onChange={onConfirmChange} />}
      <p>
        {plural(plan.invite.length, 'address', 'addresses')} will be invited as {ROLE_NAMES[options.invite_as].toLowerCase()}
        {channels.length > 0 ? `, subscribed to ${listWords(channels)}` : ', with no channels'}
        {options.group_ids.length > 0 && `, in ${plural(options.group_ids.length, 'group', 'groups')}`}.
      </p>
      {roleNotice?.kind === 'note' && <p>{roleNotice.words}</p>}
      {plan.sendFailing > 0 && <p>{failureSentence(plan.sendFailing, failureWords(plan.failureGroups), 'send')}</p>}
      {leftOut > 0 && <p>{plural(leftOut, 'address that would fail is', 'addresses that would fail are')} left out.</p>}
      {plan.invited.length > 0 && <p>{plural(plan.invited.length, 'address already invited is', 'addresses already invited are')} not invited again.</p>}
      <p>
        Invitations: {formatExpiry(options.invite_expires_in_minutes).toLowerCase().replace(/^(\d)/, 'valid for $1')}. Welcome message: {welcome}.
      </p>
      <p className="muted">
        Sent in {plural(batches, 'request', 'requests')} of up to {batchSize}. You can pause or cancel, and a quit or crash resumes where it stopped. Invitations already
        sent cannot be unsent, only revoked one by one.
      </p>
      {roleNotice?.kind === 'consent' && (
        <ConsentBox notice title={roleNotice.title} words={roleNotice.words} consent={roleNotice.consent} checked={consented} onChange={onConsent} />
      )}
    </>
  );
}

/**
 * What changed on the server while the question was open, and the box that sends it as it is now.
 * The focus moves to the box when it appears and whenever what it says changes: the part of the
 * dialog the user was on may be gone (the administrators' box), Send is disabled, and the box's
 * group reads what changed to a screen reader as it takes the focus.
 */
function ChangedWhileOpen({ changes, checked, onChange }: { changes: readonly string[]; checked: boolean; onChange(ticked: boolean): void }) {
  const box = useRef<HTMLDivElement>(null);
  const words = changes.join(' ');
  useEffect(() => {
    box.current?.querySelector('input')?.focus();
  }, [words]);
  return (
    <div ref={box} className="inv-changed-meanwhile">
      <ConsentBox
        notice
        title="Changed on the server while this dialog was open"
        words={words}
        consent="I have read what changed, and want to send these invitations as they are now"
        checked={checked}
        onChange={onChange}
      />
    </div>
  );
}
