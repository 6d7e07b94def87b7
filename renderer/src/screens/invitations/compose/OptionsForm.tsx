// The campaign's options (spec 9) and the send button. Sending asks once more, with a summary, since
// invitations cannot be unsent; the campaign itself then runs in the core, not in this page.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Account, CampaignOptions, InviteChoices } from '../../../../../shared/ipc';
import { ROLE_NAMES } from '../../../../../shared/domain/role-rules';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorAction, ProblemText } from '../../../components/Field';
import { errorWords } from '../../../errors/words';
import { formatExpiry, plural } from '../words';
import { campaignFormSchema, defaultFormValues, expiryChoices, toCampaignOptions, type CampaignFormValues } from './campaign-form';
import { ChannelPicker, GroupPicker, RolePicker } from './OptionPickers';
import { WelcomeMessage } from './WelcomeMessage';

export interface OptionsFormProps {
  account: Account;
  choices: InviteChoices;
  /** How many addresses would be sent. */
  addressCount: number;
  /** Why sending is not possible yet (no addresses, not checked); null when it is. */
  blocker: string | null;
  onSend(options: CampaignOptions, batchSize: number): Promise<void>;
}

export function OptionsForm({ account, choices, addressCount, blocker, onSend }: OptionsFormProps) {
  const id = useId();
  const form = useForm<CampaignFormValues>({ resolver: zodResolver(campaignFormSchema), defaultValues: defaultFormValues(choices) });
  const [confirming, setConfirming] = useState<{ options: CampaignOptions; batchSize: number } | null>(null);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit((values) => setConfirming({ options: toCampaignOptions(values, choices), batchSize: values.batchSize }));

  const send = async () => {
    if (!confirming) return;
    const { options, batchSize } = confirming;
    setConfirming(null);
    try {
      await onSend(options, batchSize);
    } catch (error) {
      const words = errorWords(error);
      form.setError('root.server', { type: 'server', message: `The campaign did not start: ${words.message}`, types: words.action ? { action: words.action } : {} });
    }
  };

  return (
    <form className="inv-options-form" noValidate onSubmit={(event) => void submit(event)}>
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
        <label className="inv-check">
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
          {addressCount > 0 ? `Send ${plural(addressCount, 'invitation', 'invitations')}…` : 'Send invitations…'}
        </button>
        {blocker && (
          <span id={`${id}-blocker`} className="muted">
            {blocker}
          </span>
        )}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={`Send ${plural(addressCount, 'invitation', 'invitations')}?`}
        confirmLabel="Send"
        onConfirm={() => void send()}
        onCancel={() => setConfirming(null)}
      >
        {confirming && <Summary options={confirming.options} batchSize={confirming.batchSize} choices={choices} count={addressCount} />}
      </ConfirmDialog>
    </form>
  );
}

function Summary({ options, batchSize, choices, count }: { options: CampaignOptions; batchSize: number; choices: InviteChoices; count: number }) {
  const channelNames = new Map(choices.channels.map((channel) => [channel.id, `#${channel.name}`]));
  const channels = [...(options.include_realm_default_subscriptions ? ['the default channels'] : []), ...options.stream_ids.map((channelId) => channelNames.get(channelId) ?? `channel ${channelId}`)];
  const welcome =
    options.welcome_message_custom_text === null ? 'the organization’s default' : options.welcome_message_custom_text === '' ? 'no custom message' : 'your custom message';
  const batches = Math.ceil(count / batchSize);
  return (
    <>
      <p>
        {plural(count, 'address', 'addresses')} will be invited as {ROLE_NAMES[options.invite_as].toLowerCase()}
        {channels.length > 0 ? `, subscribed to ${channels.join(', ')}` : ', with no channels'}
        {options.group_ids.length > 0 && `, in ${plural(options.group_ids.length, 'group', 'groups')}`}.
      </p>
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
