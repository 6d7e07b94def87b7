// The values a bulk change sets, one editor per kind of column in the selection: privacy, message
// retention, the topics policy, and one set of pills (PillEditor, the channel editor's) for every group
// setting selected. Nothing is chosen until the user chooses: no value is ever preselected. A privacy
// the organization's rules allow no channel (web-public on a server without it) is disabled with the
// channel editor's reason (channel-privacy.ts' checkPrivacy, for no channel in particular), and days that
// are not a number are said at the field, so the review never meets a choice that could not be made.
import { useCallback, useId, useMemo, useState } from 'react';
import { pillsOf, valueOfPills, type Pill } from '../../../../../shared/domain/channel-groups';
import { checkSettingValue, isChannelGroupSetting, type ChannelGroupSetting } from '../../../../../shared/domain/channel-permissions';
import { checkPrivacy, PRIVACY_CHOICES, PRIVACY_WORDS, PROTECTED_HISTORY_RULE, type Privacy, type PrivacySituation } from '../../../../../shared/domain/channel-privacy';
import { parseRetentionDays, RETAIN_FOREVER, retentionWords } from '../../../../../shared/domain/channel-retention';
import { settingLabel, type SettingColumn } from '../../../../../shared/domain/channel-settings';
import { topicsPolicyLabel, topicsPolicyMeaning, TOPICS_POLICIES } from '../../../../../shared/domain/channel-topics';
import { listWords } from '../../../../../shared/domain/list-words';
import { kindOf, type MatrixKind, type MatrixValues } from '../../../../../shared/domain/channel-matrix-plan';
import { ProblemText } from '../../../components/Field';
import { PillEditor } from '../editor/PillEditor';
import type { RulesContext } from '../editor/rules-context';

export interface ValueEditorsProps {
  /** The selected columns, in the grid's order. */
  columns: readonly SettingColumn[];
  rules: RulesContext;
  /** The privacy rules as they stand for any channel of the organization (no channel in particular). */
  privacy: PrivacySituation;
  values: MatrixValues;
  onChange(values: MatrixValues): void;
  /** Why the days typed are not a number of days yet (null once they are, or when days are not chosen). */
  onRetentionProblem(problem: string | null): void;
}

export function ValueEditors({ columns, rules, privacy, values, onChange, onRetentionProblem }: ValueEditorsProps) {
  const kinds = new Set<MatrixKind>(columns.map(kindOf));
  const groupColumns = columns.filter(isChannelGroupSetting);
  const set = (change: MatrixValues) => onChange({ ...values, ...change });
  return (
    <div className="matrix-editors">
      {kinds.has('privacy') && <PrivacyChoice situation={privacy} value={values.privacy} onChange={(choice) => set({ privacy: choice })} />}
      {kinds.has('retention') && (
        <RetentionChoice
          rules={rules}
          value={values.retention}
          onChange={(retention, problem) => {
            onChange(withValue(values, 'retention', retention));
            onRetentionProblem(problem);
          }}
        />
      )}
      {kinds.has('topicsPolicy') && <TopicsChoice rules={rules} value={values.topicsPolicy} onChange={(topicsPolicy) => set({ topicsPolicy })} />}
      {groupColumns.length > 0 && <GroupChoice columns={groupColumns} rules={rules} values={values} onChange={(group) => onChange(withValue(values, 'group', group))} />}
    </div>
  );
}

function withValue<K extends keyof MatrixValues>(values: MatrixValues, key: K, value: MatrixValues[K] | undefined): MatrixValues {
  const next = { ...values };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

function PrivacyChoice({ situation, value, onChange }: { situation: PrivacySituation; value: Privacy | undefined; onChange(value: Privacy): void }) {
  const id = useId();
  return (
    <fieldset className="change-section role-options">
      <legend id={`${id}-title`}>Privacy</legend>
      {PRIVACY_CHOICES.map((choice) => {
        const verdict = checkPrivacy(choice, situation);
        return (
          <div key={choice} className="role-option" data-unavailable={!verdict.allowed || undefined}>
            <label>
              <input type="radio" name={`${id}-privacy`} checked={value === choice} disabled={!verdict.allowed} aria-describedby={`${id}-${choice}`} onChange={() => onChange(choice)} />
              <span>{PRIVACY_WORDS[choice].label}</span>
            </label>
            <p id={`${id}-${choice}`} className="role-reason">
              {verdict.allowed ? PRIVACY_WORDS[choice].meaning : verdict.reason}
            </p>
          </div>
        );
      })}
      <p className="muted section-note">{PROTECTED_HISTORY_RULE} Channels that cannot take the choice are listed in the review, with the reason.</p>
    </fieldset>
  );
}

type RetentionForm = { kind: 'realm' | 'forever' | 'days' | null; days: string };

/** The form for a value already chosen: "Back" from the review finds the choice it left. */
function retentionForm(value: number | null | undefined): RetentionForm {
  if (value === undefined) return { kind: null, days: '' };
  if (value === null) return { kind: 'realm', days: '' };
  if (value === RETAIN_FOREVER) return { kind: 'forever', days: '' };
  return { kind: 'days', days: String(value) };
}

function RetentionChoice({ rules, value, onChange }: { rules: RulesContext; value: number | null | undefined; onChange(value: number | null | undefined, problem: string | null): void }) {
  const id = useId();
  const [form, setForm] = useState<RetentionForm>(() => retentionForm(value));
  const update = (next: RetentionForm) => {
    setForm(next);
    if (next.kind === 'realm') onChange(null, null);
    else if (next.kind === 'forever') onChange(RETAIN_FOREVER, null);
    else if (next.kind === 'days') {
      const parsed = parseRetentionDays(next.days);
      onChange(parsed.ok ? parsed.days : undefined, parsed.ok ? null : parsed.problem);
    } else onChange(undefined, null);
  };
  const problem = form.kind === 'days' ? parseRetentionDays(form.days) : null;
  return (
    <fieldset className="change-section role-options">
      <legend>Messages kept</legend>
      {(
        [
          ['realm', retentionWords(null, rules.policy.messageRetentionDays)],
          ['forever', 'Forever'],
          ['days', 'A number of days'],
        ] as const
      ).map(([kind, label]) => (
        <div key={kind} className="role-option">
          <label>
            <input type="radio" name={`${id}-retention`} checked={form.kind === kind} onChange={() => update({ ...form, kind })} />
            <span>{label}</span>
          </label>
        </div>
      ))}
      {form.kind === 'days' && (
        <div className="field">
          <label htmlFor={`${id}-days`}>Days to keep messages</label>
          <input
            id={`${id}-days`}
            inputMode="numeric"
            value={form.days}
            aria-invalid={problem?.ok === false || undefined}
            aria-describedby={problem?.ok === false ? `${id}-days-error` : undefined}
            onChange={(event) => update({ ...form, days: event.target.value })}
          />
          {/* Said at once, empty too: the review waits for a number, and this says why. */}
          {problem && !problem.ok && <ProblemText id={`${id}-days-error`} message={problem.problem} />}
        </div>
      )}
    </fieldset>
  );
}

function TopicsChoice({ rules, value, onChange }: { rules: RulesContext; value: MatrixValues['topicsPolicy']; onChange(value: NonNullable<MatrixValues['topicsPolicy']>): void }) {
  const id = useId();
  const { emptyTopicName, topicsPolicy } = rules.policy;
  return (
    <fieldset className="change-section role-options">
      <legend>Topics policy</legend>
      {TOPICS_POLICIES.map((policy) => (
        <div key={policy} className="role-option">
          <label>
            <input type="radio" name={`${id}-topics`} checked={value === policy} aria-describedby={`${id}-${policy}`} onChange={() => onChange(policy)} />
            <span>{topicsPolicyLabel(policy, emptyTopicName)}</span>
          </label>
          <p id={`${id}-${policy}`} className="role-reason">
            {topicsPolicyMeaning(policy, emptyTopicName, topicsPolicy)}
          </p>
        </div>
      ))}
    </fieldset>
  );
}

function GroupChoice({ columns, rules, values, onChange }: { columns: ChannelGroupSetting[]; rules: RulesContext; values: MatrixValues; onChange(value: MatrixValues['group']): void }) {
  const { index, people } = rules;
  const pills = useMemo(() => (values.group === undefined ? [] : pillsOf(values.group, index)), [values.group, index]);
  const names = listWords(columns.map((column) => settingLabel(column)));
  // A pill any of the selected settings may not hold (Everyone where guests may not be given it).
  const refusal = useCallback(
    (pill: Pill) => {
      const value = valueOfPills([pill], index);
      if (value === null) return null;
      for (const column of columns) {
        const verdict = checkSettingValue(column, value, index);
        if (!verdict.allowed) return `${settingLabel(column)}: ${verdict.reason}`;
      }
      return null;
    },
    [columns, index],
  );
  return (
    <section className="change-section">
      <h3>Who may: {names}</h3>
      <PillEditor
        label={`Add who may: ${names}`}
        pills={pills}
        index={index}
        people={people}
        disabled={false}
        empty="None chosen yet: add a role, a group or a person (Nobody is a role too)."
        refusal={refusal}
        onChange={(next) => onChange(next.length === 0 ? undefined : (valueOfPills(next, index) ?? undefined))}
      />
      {values.group !== undefined && <p className="muted section-note">Every selected cell of these columns gets exactly this list.</p>}
    </section>
  );
}
