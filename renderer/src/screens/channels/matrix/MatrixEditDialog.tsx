// Setting a value in the selected cells: first the values (one editor per kind of column selected),
// then the review of the plan (shared/domain/channel-matrix-plan.ts), then the job is started. Every
// selected channel goes to the job, refused cells included, so its results list one outcome per channel.
import { useMemo, useState } from 'react';
import { batchColumns, hazardKey, type MatrixValues } from '../../../../../shared/domain/channel-matrix-plan';
import { checkPrivacy } from '../../../../../shared/domain/channel-privacy';
import { privacySituation } from '../../../../../shared/domain/channel-privacy-situation';
import type { ChannelFacts, SettingColumn } from '../../../../../shared/domain/channel-settings';
import type { ChannelContext, ChannelEntry, ChannelHazard } from '../../../../../shared/ipc';
import { Dialog } from '../../../components/Dialog';
import { ProblemText } from '../../../components/Field';
import { errorWords } from '../../../errors/words';
import { useChannelBatchAction } from '../../../queries/channels';
import type { RulesContext } from '../editor/rules-context';
import { MatrixReview } from './MatrixReview';
import { cellCount } from './matrix-selection';
import { useReviewedPlan } from './use-reviewed-plan';
import { ValueEditors } from './ValueEditors';
import { plural } from '../../../../../shared/domain/plural';

const count = new Intl.NumberFormat();

export interface MatrixEditDialogProps {
  account: string;
  context: ChannelContext;
  rules: RulesContext;
  /** The shown rows, in the grid's order. */
  rows: readonly ChannelEntry[];
  /** The selected cells among them. */
  selection: ReadonlyMap<number, ReadonlySet<SettingColumn>>;
  columns: readonly SettingColumn[];
  onClose(): void;
  onStarted(batchId: string): void;
}

export function MatrixEditDialog({ account, context, rules, rows, selection, columns, onClose, onStarted }: MatrixEditDialogProps) {
  const [values, setValues] = useState<MatrixValues>({});
  const [step, setStep] = useState<'values' | 'review'>('values');
  const [consents, setConsents] = useState<ReadonlyMap<ChannelHazard, string>>(new Map());
  const action = useChannelBatchAction(account, (batch) => onStarted(batch.id));
  const facts = useMemo<ChannelFacts>(
    () => ({ actor: rules.actor, index: rules.index, people: rules.people, policy: rules.policy, featureLevel: context.featureLevel, moderationChannelId: context.moderationChannelId }),
    [rules, context.featureLevel, context.moderationChannelId],
  );
  const selectedColumns = useMemo(() => columns.filter((column) => [...selection.values()].some((set) => set.has(column))), [columns, selection]);
  const reviewed = useReviewedPlan(facts, rows, selection, values, step === 'review');
  const plan = reviewed.plan;
  // The privacy rules for no channel in particular: what the organization allows any channel (CreateChannel does the same).
  const privacy = useMemo(() => privacySituation({ ...facts, channel: null, isDefault: false, subscribed: true }), [facts]);
  const [retentionProblem, setRetentionProblem] = useState<string | null>(null);
  const privacyRefused = values.privacy !== undefined && !checkPrivacy(values.privacy, privacy).allowed;
  const chosenAny = Object.keys(values).length > 0;
  const ready = chosenAny && retentionProblem === null && !privacyRefused;
  const confirmed = plan.hazards.every((hazard) => consents.get(hazard) === hazardKey(plan, hazard));
  // Deleting older messages cannot be undone: Apply takes the danger style, as the channel editor's confirm does.
  const deletes = plan.hazards.includes('retentionLoss');
  const failure = action.isError ? errorWords(action.error) : null;

  const start = () =>
    action.mutate({ kind: 'start', columns: batchColumns(plan, values), acknowledged: plan.hazards.filter((hazard) => consents.get(hazard) === hazardKey(plan, hazard)) });

  return (
    <Dialog
      focusFirstField={step === 'values'}
      title={step === 'values' ? `Set a value in ${plural(cellCount(selection), 'cell', 'cells')} of ${plural(selection.size, 'channel', 'channels')}` : 'Review the bulk change'}
      wide
      busy={action.isPending}
      cancelLabel={step === 'values' ? 'Cancel' : 'Back'}
      onCancel={() => (step === 'values' ? onClose() : setStep('values'))}
      confirm={
        step === 'values'
          ? { label: 'Review changes', disabled: !ready, onClick: () => setStep('review') }
          : { label: `Apply to ${count.format(plan.changing)} ${plan.changing === 1 ? 'channel' : 'channels'}`, danger: deletes, disabled: plan.changing === 0 || !confirmed || plan.meanwhile.length > 0 || action.isPending, onClick: start }
      }
    >
      {step === 'values' ? (
        <ValueEditors columns={selectedColumns} rules={rules} privacy={privacy} values={values} onChange={setValues} onRetentionProblem={setRetentionProblem} />
      ) : (
        <MatrixReview
          account={account}
          plan={plan}
          facts={facts}
          rules={rules}
          consents={consents}
          onTakeTheirs={reviewed.takeTheirs}
          onDropChanged={reviewed.dropChanged}
          onConsent={(hazard, checked) =>
            setConsents((now) => {
              const next = new Map(now);
              if (checked) next.set(hazard, hazardKey(plan, hazard));
              else next.delete(hazard);
              return next;
            })
          }
        />
      )}
      {failure && <ProblemText message={`The bulk change did not start: ${failure.message}`} action={failure.action} />}
    </Dialog>
  );
}
