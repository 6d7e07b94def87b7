// The campaign's options (spec 9) and the send button. Sending asks once more, with a summary that
// counts honestly (who will be invited, who will fail and why), since invitations cannot be unsent
// (SendSummary.tsx); inviting owners or administrators also waits for a box ticked that says who will
// become what. The campaign itself then runs in the core, not in this page. The options are kept across screens
// (invitations-ui.ts) and follow the organization: a channel, group or role that stops being on
// offer while the form is open is taken out, and the form says so; a confirmation open meanwhile says
// what it would send now and asks again (what-changed.ts).
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { Account, CampaignOptions, InviteChoices } from '../../../../../shared/ipc';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorAction, ProblemText } from '../../../components/Field';
import { errorWords } from '../../../errors/words';
import { saveOptions, savedOptions } from '../invitations-ui';
import { plural } from '../../../../../shared/domain/plural';
import { campaignFormSchema, choicesLost, defaultFormValues, expiryChoices, toCampaignOptions, type CampaignFormValues } from './campaign-form';
import type { CampaignPlan } from './campaign-plan';
import { inviteRoleNotice } from './invite-role-notice';
import { ChannelPicker, GroupPicker, RolePicker } from './OptionPickers';
import { SendSummary } from './SendSummary';
import { WelcomeMessage } from './WelcomeMessage';
import { lostWords, sentChanges, sentKey, type SentShape } from './what-changed';

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

  // Inviting owners or administrators is confirmed in words: the tick is kept with what it confirmed
  // (the role and how many), so a change while the question is open unticks it.
  const roleNotice = plan ? inviteRoleNotice((values as CampaignFormValues).invite_as, plan.invite.length, account.realmName) : null;
  const [consent, setConsent] = useState<string | null>(null);
  const consented = roleNotice?.kind !== 'consent' || consent === roleNotice.key;

  // What the confirmation opened with is what the user confirmed. The organization may change it while
  // the question is open (a role the user may no longer grant, a channel archived, an address invited
  // elsewhere): the dialog then says what changed and Send waits for a new tick, keyed to what would be
  // sent now, so a further change asks again (docs/style.md, "Dangerous actions").
  const [opened, setOpened] = useState<{ shape: SentShape; choices: InviteChoices } | null>(null);
  const [reconfirmed, setReconfirmed] = useState<string | null>(null);
  // Read as send() reads them: every change to them renders this again (useWatch above).
  const current: SentShape | null = confirming && plan ? { options: toCampaignOptions(form.getValues(), choices), addresses: plan.send } : null;
  const currentKey = current ? sentKey(current) : null;
  const changes = opened && current && currentKey !== sentKey(opened.shape) ? sentChanges(opened.shape, current, opened.choices, choices) : [];
  const changeConfirmed = changes.length === 0 || reconfirmed === currentKey;

  const submit = form.handleSubmit((now) => {
    setConsent(null);
    setReconfirmed(null);
    setOpened(plan ? { shape: { options: toCampaignOptions(now, choices), addresses: plan.send }, choices } : null);
    setConfirming(true);
  });

  const cancel = () => {
    setConfirming(false);
    setConsent(null);
    setOpened(null);
    setReconfirmed(null);
  };

  const send = async () => {
    if (!consented || !changeConfirmed || !plan) return;
    // The values as they are now, and only if they are what the dialog shows: a change that has not
    // been drawn yet is not sent unseen.
    const now = form.getValues();
    const options = toCampaignOptions(now, choices);
    if (sentKey({ options, addresses: plan.send }) !== currentKey) return;
    cancel();
    try {
      await onSend(options, now.batchSize);
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
        confirmDisabled={!consented || !changeConfirmed}
        onConfirm={() => void send()}
        onCancel={cancel}
      >
        {confirming && plan && (
          <SendSummary
            form={form}
            choices={choices}
            plan={plan}
            roleNotice={roleNotice}
            consented={consented}
            onConsent={(ticked) => setConsent(ticked && roleNotice?.kind === 'consent' ? roleNotice.key : null)}
            changes={changes}
            changeConfirmed={changes.length > 0 && changeConfirmed}
            onConfirmChange={(ticked) => setReconfirmed(ticked ? currentKey : null)}
          />
        )}
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
