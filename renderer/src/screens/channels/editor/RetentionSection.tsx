// How long the channel keeps its messages: the organization's default (named, with its value),
// forever, or a number of days. Owners only. A shorter retention says what it deletes, for good,
// before it is sent, and is sent only once confirmed: deleted messages cannot be brought back, and
// archiving, which can be undone, is confirmed too (docs/style.md, dangerous actions).
import { useId, useState } from 'react';
import {
  checkRetentionChange,
  daysLost,
  daysWords,
  keptWords,
  parseRetentionDays,
  realmRetentionWords,
  RETAIN_FOREVER,
  retentionLoss,
  retentionWords,
  type Retention,
} from '../../../../../shared/domain/channel-retention';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ProblemText } from '../../../components/Field';
import { ChangedMeanwhile } from '../../../user-changes/ChangedMeanwhile';
import { useLiveDraft } from '../../../user-changes/use-live-draft';
import type { SectionProps } from './rules-context';
import { SaveOutcome } from './SaveOutcome';
import { useChannelSave } from './use-channel-save';
import { useUnsavedEdit } from '../../../components/unsaved-edits';

type Kind = 'default' | 'forever' | 'days';

/** The form: a kind, and the days as typed (they may not be a number yet). */
interface Form {
  kind: Kind;
  days: string;
}

const formOf = (value: Retention): Form => ({
  kind: value === null ? 'default' : value === RETAIN_FOREVER ? 'forever' : 'days',
  days: value !== null && value > 0 ? String(value) : '',
});
const sameForm = (a: Form, b: Form) => a.kind === b.kind && (a.kind !== 'days' || a.days.trim() === b.days.trim());

/** The value the form asks for; undefined while the days are not a valid number. */
function valueOf(form: Form): Retention | undefined {
  if (form.kind === 'default') return null;
  if (form.kind === 'forever') return RETAIN_FOREVER;
  const parsed = parseRetentionDays(form.days);
  return parsed.ok ? parsed.days : undefined;
}

/** What a save did, as a sentence: "Messages in #design are now kept for 30 days." */
function savedWords(name: string, value: Retention, realmDays: number | null): string {
  if (value !== null) return `Messages in ${name} are now kept ${keptWords(value)}.`;
  return realmDays === null ? `Messages in ${name} now follow the organization’s setting.` : `Messages in ${name} now follow the organization’s default: kept ${keptWords(realmDays)}.`;
}

export function RetentionSection({ account, entry, rules, locked }: SectionProps) {
  const id = useId();
  const { channel } = entry;
  const live = channel.message_retention_days;
  const draft = useLiveDraft<Form>(formOf(live), sameForm);
  useUnsavedEdit('retention', draft.edited);
  const save = useChannelSave(account.id, channel.stream_id);
  const realmDays = rules.policy.messageRetentionDays;
  const role = checkRetentionChange(rules.actor.role);
  const why = locked ?? (role.allowed ? null : role.reason);
  const form = draft.value;
  const problem = form.kind === 'days' ? parseRetentionDays(form.days) : null;
  const wanted = valueOf(form);
  const loss = wanted === undefined || wanted === live ? null : retentionLoss(live, wanted, realmDays);
  const lostAfter = wanted === undefined || wanted === live ? null : daysLost(live, wanted, realmDays);
  const canSend = why === null && wanted !== undefined && wanted !== live && draft.theirs === null && !save.pending;
  const [asking, setAsking] = useState(false);
  const name = `#${channel.name}`;
  const lost = daysWords(lostAfter ?? 0);
  if (asking && (!canSend || lostAfter === null)) {
    // The question no longer stands (the channel changed meanwhile, or the change no longer deletes):
    // the section says what changed, and nothing is sent.
    setAsking(false);
  }
  const send = () => {
    setAsking(false);
    if (wanted !== undefined && canSend) save.send({ property: 'retention', value: wanted, old: live }, { done: savedWords(name, wanted, realmDays) });
  };
  const words = (value: unknown) => retentionWords(value as Retention, realmDays);
  const edit = (change: Partial<Form>) => {
    draft.set({ ...form, ...change });
    save.reset();
  };

  return (
    <section className="panel-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="section-label">Message retention</h3>
      <p className="muted">Now: {retentionWords(live, realmDays)}.</p>
      <fieldset className="role-options" aria-labelledby={`${id}-title`} disabled={why !== null || save.pending} aria-describedby={why ? `${id}-why` : undefined}>
        <div className="role-option">
          <label>
            <input type="radio" name={`${id}-kind`} checked={form.kind === 'default'} onChange={() => edit({ kind: 'default' })} />
            <span>The organization’s default ({realmRetentionWords(realmDays)})</span>
          </label>
        </div>
        <div className="role-option">
          <label>
            <input type="radio" name={`${id}-kind`} checked={form.kind === 'forever'} onChange={() => edit({ kind: 'forever' })} />
            <span>Forever</span>
          </label>
        </div>
        <div className="role-option retention-days">
          <label>
            <input type="radio" name={`${id}-kind`} checked={form.kind === 'days'} onChange={() => edit({ kind: 'days' })} />
            <span>A number of days</span>
          </label>
          <label className="visually-hidden" htmlFor={`${id}-days`}>
            Days to keep messages
          </label>
          <input
            id={`${id}-days`}
            className="days-input"
            inputMode="numeric"
            placeholder="90"
            value={form.days}
            disabled={form.kind !== 'days'}
            aria-invalid={problem && !problem.ok ? true : undefined}
            onChange={(event) => edit({ days: event.target.value })}
          />
        </div>
      </fieldset>
      {why && (
        <p id={`${id}-why`} className="role-reason">
          {why}
        </p>
      )}
      {problem && !problem.ok && form.days !== '' && <ProblemText message={problem.problem} />}
      {loss && <p className="change-review warning-text">{loss}</p>}
      {draft.theirs !== null && !save.conflict && (
        <ChangedMeanwhile theirs={words(valueOf(draft.theirs) ?? null)} mine={wanted === undefined ? `${form.days} days` : words(wanted)} what="choice" onKeep={draft.keepMine} onTake={draft.takeTheirs} />
      )}
      <div className="change-actions">
        <button
          type="button"
          className="button"
          disabled={!canSend}
          onClick={() => (lostAfter === null ? send() : setAsking(true))}
        >
          {save.pending ? 'Saving…' : wanted !== undefined && wanted !== null && wanted > 0 ? `Keep messages for ${daysWords(wanted)}` : 'Save retention'}
        </button>
      </div>
      <SaveOutcome save={save} live={live} words={words} onKeepTheirs={(theirs) => draft.reset(formOf(theirs as Retention))} />
      <ConfirmDialog
        open={asking && lostAfter !== null}
        title={`Delete messages in ${name} older than ${lost}?`}
        confirmLabel={`Delete messages older than ${lost}`}
        danger
        onConfirm={send}
        onCancel={() => setAsking(false)}
      >
        <p>
          {wanted === null ? `${name} would follow the organization’s default and keep messages for ${lost}.` : `${name} would keep messages for ${lost}.`} Messages in {name} older than {lost} will be
          deleted for good the next time the server removes expired messages: nobody can bring them back.
        </p>
      </ConfirmDialog>
    </section>
  );
}
