// The campaign's options (spec 9) and the send button. Sending asks once more, with a summary that
// counts honestly (who will be invited, who will fail and why), since invitations cannot be unsent;
// the campaign itself then runs in the core, not in this page. The options are kept across screens
// (invitations-ui.ts) and follow the organization: a channel, group or role that stops being on
// offer while the form is open is taken out, and the form says so.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { Account, CampaignOptions, InviteChoices } from '../../../../../shared/ipc';
import { ROLE_NAMES } from '../../../../../shared/domain/role-rules';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorAction, ProblemText } from '../../../components/Field';
import { errorWords } from '../../../errors/words';
import { saveOptions, savedOptions } from '../invitations-ui';
import { formatExpiry } from '../words';
import { plural } from '../../../../../shared/domain/plural';
import { listWords } from '../../../../../shared/domain/list-words';
import { campaignFormSchema, choicesLost, defaultFormValues, expiryChoices, toCampaignOptions, type CampaignFormValues, type ChoicesLost } from './campaign-form';
import { failureSentence, failureWords, type CampaignPlan } from './campaign-plan';
import { ChannelPicker, GroupPicker, RolePicker } from './OptionPickers';
import { WelcomeMessage } from './WelcomeMessage';

export interface OptionsFormProps {
  account: Account;
  choices: InviteChoices;
  /** What the checked addresses would give; null until they are checked. */
  plan: CampaignPlan | null;
  /** Why sending is not possible yet (no addresses, not checked); null when it is. */
  blocker: string | null;
  onSend(options: CampaignOptions, batchSize: number): Promise<void>;
}

export function OptionsForm({ account, choices, plan, blocker, onSend }: OptionsFormProps) {
  const id = useId();
  const form = useForm<CampaignFormValues>({ resolver: zodResolver(campaignFormSchema), defaultValues: savedOptions(account.id) ?? defaultFormValues(choices) });
  const [confirming, setConfirming] = useState(false);
  const { errors, isSubmitting } = form.formState;
  const lost = useLiveChoices(form, choices);

  // Every change is kept, so leaving the screen and coming back finds the whole form as it was left.
  const values = useWatch({ control: form.control });
  useEffect(() => saveOptions(account.id, values as CampaignFormValues), [account.id, values]);

  const submit = form.handleSubmit(() => setConfirming(true));

  const send = async () => {
    setConfirming(false);
    // The values as they are now: a channel taken out while the dialog was open is not sent.
    const now = form.getValues();
    try {
      await onSend(toCampaignOptions(now, choices), now.batchSize);
    } catch (error) {
      const words = errorWords(error);
      form.setError('root.server', { type: 'server', message: `The campaign did not start: ${words.message}`, types: words.action ? { action: words.action } : {} });
    }
  };

  return (
    <form className="inv-options-form" noValidate onSubmit={(event) => void submit(event)}>
      {lost.notice && (
        <div className="notice inv-choices-lost" data-tone="warning" role="status">
          <p>{lost.notice}</p>
          <button type="button" className="link-button" onClick={lost.dismiss}>
            Dismiss
          </button>
        </div>
      )}
      <RolePicker form={form} roles={choices.roles} />
      <ChannelPicker form={form} channels={choices.channels} />
      <GroupPicker form={form} groups={choices.groups} />
      <fieldset className="inv-option-group">
        <legend>Invitation</legend>
        <div className="field">
          <label htmlFor={`${id}-expiry`}>Valid for</label>
          <select id={`${id}-expiry`} {...form.register('expiry')}>
            {expiryChoices(choices.defaultExpiryMinutes).map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <label className="check-label">
          <input type="checkbox" {...form.register('notify_referrer_on_join')} />
          Send me a direct message when someone joins with one of these invitations
        </label>
      </fieldset>
      {choices.canWriteWelcomeMessage ? (
        <WelcomeMessage form={form} account={account.id} realmUrl={account.realmUrl} />
      ) : (
        <fieldset className="inv-option-group">
          <legend>Welcome message</legend>
          <p className="muted">New members get the organization’s default welcome message. Only administrators can choose another one for an invitation.</p>
        </fieldset>
      )}
      <fieldset className="inv-option-group">
        <legend>Sending</legend>
        <div className="field inv-batch-size">
          <label htmlFor={`${id}-batch`}>Addresses per request</label>
          <input
            id={`${id}-batch`}
            type="number"
            min={1}
            max={1000}
            inputMode="numeric"
            aria-describedby={errors.batchSize ? `${id}-batch-error` : `${id}-batch-hint`}
            aria-invalid={errors.batchSize ? true : undefined}
            {...form.register('batchSize', { valueAsNumber: true })}
          />
          {errors.batchSize ? (
            <ProblemText id={`${id}-batch-error`} message={errors.batchSize.message} />
          ) : (
            <p id={`${id}-batch-hint`} className="field-hint">
              The campaign sends this many addresses at a time, one request after another, and records each answer before the next.
            </p>
          )}
        </div>
      </fieldset>
      {errors.root?.server && (
        <div role="alert">
          <ProblemText className="form-error" message={errors.root.server.message} action={errorAction(errors.root.server)} />
        </div>
      )}
      <div className="inv-send-row">
        <button type="submit" className="button button-primary" disabled={blocker !== null || isSubmitting} aria-describedby={blocker ? `${id}-blocker` : undefined}>
          {plan && plan.send.length > 0 ? `${sendWords(plan)}…` : 'Send invitations…'}
        </button>
        {blocker && (
          <span id={`${id}-blocker`} className="muted">
            {blocker}
          </span>
        )}
      </div>
      <ConfirmDialog
        open={confirming && plan !== null}
        title={plan ? `${sendWords(plan)}?` : ''}
        confirmLabel="Send"
        onConfirm={() => void send()}
        onCancel={() => setConfirming(false)}
      >
        {confirming && plan && <Summary form={form} choices={choices} plan={plan} />}
      </ConfirmDialog>
    </form>
  );
}

/** "Send 9 invitations", or, with failing addresses sent anyway, "Send 14 addresses" (not all become invitations). */
function sendWords(plan: CampaignPlan): string {
  return plan.sendFailing > 0 ? `Send ${plural(plan.send.length, 'address', 'addresses')}` : `Send ${plural(plan.send.length, 'invitation', 'invitations')}`;
}

/**
 * Keeps the form's channels, groups and role to what may be chosen now (the choices are reread when
 * the organization changes), and says what was taken out, by the names it had.
 */
function useLiveChoices(form: UseFormReturn<CampaignFormValues>, choices: InviteChoices): { notice: string | null; dismiss(): void } {
  const [notice, setNotice] = useState<string | null>(null);
  const known = useRef(choices);
  useEffect(() => {
    const lost = choicesLost(form.getValues(), choices);
    const before = known.current;
    known.current = choices;
    if (!lost) return;
    form.setValue('invite_as', lost.values.invite_as);
    form.setValue('stream_ids', lost.values.stream_ids);
    form.setValue('group_ids', lost.values.group_ids);
    setNotice(lostWords(lost, before, choices));
  }, [form, choices]);
  return { notice, dismiss: () => setNotice(null) };
}

function lostWords(lost: ChoicesLost, before: InviteChoices, now: InviteChoices): string {
  const named = <T extends { id: number; name: string }>(ids: number[], list: T[], prefix: string, unknown: string) =>
    ids.map((id) => {
      const item = list.find((candidate) => candidate.id === id);
      return item ? `${prefix}${item.name}` : unknown;
    });
  const parts: string[] = [];
  if (lost.channels.length > 0) {
    const names = named(lost.channels, before.channels, '#', 'a channel chosen before');
    parts.push(`${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} no longer offered (archived or deleted, or you may no longer add people to ${names.length === 1 ? 'it' : 'them'}), so ${names.length === 1 ? 'it was' : 'they were'} taken out of the channels.`);
  }
  if (lost.groups.length > 0) {
    const names = named(lost.groups, before.groups, '', 'a group chosen before');
    parts.push(`${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} no longer offered (deactivated, or you may no longer add members), so ${names.length === 1 ? 'it was' : 'they were'} taken out of the groups.`);
  }
  if (lost.role !== null) {
    const reason = now.roles.find((choice) => choice.role === lost.role)?.reason;
    parts.push(`You may no longer invite as ${ROLE_NAMES[lost.role].toLowerCase()}${reason ? ` (${reason.replace(/\.$/, '')})` : ''}: ${ROLE_NAMES[lost.values.invite_as].toLowerCase()} is chosen instead.`);
  }
  return `The organization changed while this form was open. ${parts.join(' ')}`;
}

function Summary({ form, choices, plan }: { form: UseFormReturn<CampaignFormValues>; choices: InviteChoices; plan: CampaignPlan }) {
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
      <p>
        {plural(plan.invite.length, 'address', 'addresses')} will be invited as {ROLE_NAMES[options.invite_as].toLowerCase()}
        {channels.length > 0 ? `, subscribed to ${listWords(channels)}` : ', with no channels'}
        {options.group_ids.length > 0 && `, in ${plural(options.group_ids.length, 'group', 'groups')}`}.
      </p>
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
    </>
  );
}
