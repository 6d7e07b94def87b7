// The review of a bulk change before anything is sent: every channel that changes, each setting old →
// new and who gains and who loses access; apart, the cells that cannot take the value and why (the
// core's rules, which the job applies again); each hazard, confirmed in words (a shorter retention as a
// danger, for deleted messages cannot be brought back: the channel editor asks it in a danger dialog,
// and a bulk change is no less careful); and first, the cells
// another administrator changed since the review opened, which the user confirms again against their
// values or drops before anything is sent (docs/style.md, "Live").
import { useMemo } from 'react';
import type { GroupSettingValue } from '../../../../../shared/api/common';
import { listWords } from '../../../../../shared/domain/list-words';
import { accessChange, hazardKey, type MatrixPlan } from '../../../../../shared/domain/channel-matrix-plan';
import { daysLost, daysWords, type Retention } from '../../../../../shared/domain/channel-retention';
import { settingLabel, type ChannelFacts } from '../../../../../shared/domain/channel-settings';
import type { ChannelHazard } from '../../../../../shared/ipc';
import { isChannelGroupSetting } from '../../../../../shared/domain/channel-permissions';
import { ConsentBox } from '../../../components/ConsentBox';
import { useSubscriberSets } from '../../../queries/channel-subscribers';
import type { RulesContext } from '../editor/rules-context';
import { valueWords } from './matrix-cells';
import { plural } from '../../../../../shared/domain/plural';

const NAMES_SHOWN = 6;

export interface MatrixReviewProps {
  account: string;
  plan: MatrixPlan;
  facts: ChannelFacts;
  rules: RulesContext;
  /** The hazards ticked, each with what it confirmed (hazardKey): a tick for another plan is no tick. */
  consents: ReadonlyMap<ChannelHazard, string>;
  onConsent(hazard: ChannelHazard, checked: boolean): void;
  onTakeTheirs(): void;
  onDropChanged(): void;
}

export function MatrixReview({ account, plan, facts, rules, consents, onConsent, onTakeTheirs, onDropChanged }: MatrixReviewProps) {
  const refused = plan.channels.filter((one) => one.refused.length > 0);
  const changing = plan.channels.filter((one) => one.changes.length > 0);
  // Who can use a group permission depends on who is subscribed (channel-audience.ts).
  const groupChannels = useMemo(
    () => plan.channels.filter((one) => one.changes.some((change) => isChannelGroupSetting(change.column))).map((one) => one.entry.channel.stream_id),
    [plan],
  );
  const subscribers = useSubscriberSets(account, groupChannels);
  const hazardNames = (hazard: ChannelHazard) => changing.flatMap((one) => (one.changes.some((change) => change.hazard?.hazard === hazard) ? [`#${one.entry.channel.name}`] : []));
  const ticked = (hazard: ChannelHazard) => consents.get(hazard) === hazardKey(plan, hazard);
  const loss = retentionLossWords(plan, facts);
  return (
    <div className="matrix-review">
      <p className="matrix-summary">
        {plan.changing === 0 ? 'No channel changes.' : `${plural(plan.changing, 'channel changes', 'channels change')} (${plural(plan.cells.changes, 'setting', 'settings')}).`}
        {plan.cells.unchanged > 0 && ` ${plural(plan.cells.unchanged, 'cell already has', 'cells already have')} the value.`}
        {plan.cells.refused > 0 && ` ${plural(plan.cells.refused, 'cell cannot', 'cells cannot')} take it: listed apart below.`}
        {plan.cells.unchosen > 0 && ` ${plural(plan.cells.unchosen, 'selected cell has', 'selected cells have')} no value chosen and stay as they are.`}
      </p>
      {plan.meanwhile.length > 0 && (
        <section className="notice" data-tone="warning" role="status" aria-labelledby="matrix-review-meanwhile">
          <h3 id="matrix-review-meanwhile">Changed on the server meanwhile</h3>
          <p>
            Since this review opened, someone changed {plural(plan.meanwhile.length, 'cell', 'cells')} it plans. Nothing is sent until you review the change again with
            their values, or drop {plan.meanwhile.length === 1 ? 'it' : 'them'}.
          </p>
          <ul className="matrix-review-list" aria-label="Cells changed meanwhile">
            {plan.meanwhile.map((cell) => (
              <li key={`${cell.entry.channel.stream_id}-${cell.column}`}>
                <strong>#{cell.entry.channel.name}</strong> · {settingLabel(cell.column)}: {valueWords(cell.column, cell.seen, rules)} → {valueWords(cell.column, cell.now, rules)} meanwhile;
                yours: {valueWords(cell.column, cell.value, rules)}
              </li>
            ))}
          </ul>
          <div className="selection-actions">
            <button type="button" className="button button-small" onClick={onTakeTheirs}>
              Review again with their values
            </button>
            <button type="button" className="button button-small" onClick={onDropChanged}>
              Drop {plan.meanwhile.length === 1 ? 'this cell' : 'these cells'}
            </button>
          </div>
        </section>
      )}
      {plan.hazards.includes('ownAdministration') && (
        <ConsentBox
          title="You would no longer administer some channels"
          words={`You would no longer administer ${listWords(hazardNames('ownAdministration'))}, and could not undo this yourself: an administrator of the organization or of the channel would have to.`}
          consent="I understand that I will no longer administer these channels"
          checked={ticked('ownAdministration')}
          onChange={(checked) => onConsent('ownAdministration', checked)}
        />
      )}
      {plan.hazards.includes('ownAccess') && (
        <ConsentBox
          title="You would lose access to some channels"
          words={`You are not subscribed to ${listWords(hazardNames('ownAccess'))}: once private you could not read ${hazardNames('ownAccess').length === 1 ? 'it, nor change its' : 'them, nor change their'} privacy back, until someone subscribes you.`}
          consent="I understand that I will lose access to these channels"
          checked={ticked('ownAccess')}
          onChange={(checked) => onConsent('ownAccess', checked)}
        />
      )}
      {loss && (
        <ConsentBox
          notice
          tone="danger"
          title={`Older messages will be deleted in ${plural(loss.names.length, 'channel', 'channels')}`}
          words={`${listWords(loss.names)} will keep messages for ${loss.days}. ${loss.words} Nobody can bring them back.`}
          consent={`I understand that messages older than ${loss.days} in ${loss.names.length === 1 ? loss.names[0] : `these ${plural(loss.names.length, 'channel', 'channels')}`} will be deleted for good`}
          checked={ticked('retentionLoss')}
          onChange={(checked) => onConsent('retentionLoss', checked)}
        />
      )}
      {changing.length > 0 && (
        <section aria-labelledby="matrix-review-changes">
          <h3 id="matrix-review-changes">What changes</h3>
          <ul className="matrix-review-list" aria-label="Channels that change">
            {changing.map((one) => (
              <li key={one.entry.channel.stream_id}>
                <strong>#{one.entry.channel.name}</strong>
                <ul>
                  {one.changes.map((change) => {
                    const access = accessChange(facts, one.entry, change, subscribers.get(one.entry.channel.stream_id) ?? null);
                    return (
                      <li key={change.column}>
                        {settingLabel(change.column)}: {valueWords(change.column, change.old, rules)} → {valueWords(change.column, change.value, rules)}
                        {access.gain.length > 0 && <span className="matrix-gain"> · Gain: {peopleWords(access.gain, rules)}</span>}
                        {access.lose.length > 0 && <span className="matrix-lose"> · Lose: {peopleWords(access.lose, rules)}</span>}
                        {access.note && <span className="muted"> · {access.note}</span>}
                        {access.warning && <strong className="matrix-warning"> · {access.warning}</strong>}
                      </li>
                    );
                  })}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      )}
      {refused.length > 0 && (
        <section aria-labelledby="matrix-review-refused">
          <h3 id="matrix-review-refused">Cannot be changed</h3>
          <ul className="matrix-review-list matrix-refused" aria-label="Cells that cannot be changed">
            {refused.flatMap((one) =>
              one.refused.map((refusal) => (
                <li key={`${one.entry.channel.stream_id}-${refusal.column}`}>
                  <strong>#{one.entry.channel.name}</strong> · {settingLabel(refusal.column)} → {valueWords(refusal.column, refusal.value as GroupSettingValue, rules)}: {refusal.reason}
                </li>
              )),
            )}
          </ul>
        </section>
      )}
    </div>
  );
}

/**
 * A shorter retention in words: the channels that lose older messages, the days they keep from now
 * on (one value for them all, so the same days), and retentionLoss's sentence; null when none loses any.
 */
function retentionLossWords(plan: MatrixPlan, facts: ChannelFacts): { names: string[]; days: string; words: string } | null {
  const cells = plan.channels.flatMap((one) => one.changes.flatMap((change) => (change.hazard?.hazard === 'retentionLoss' ? [{ name: `#${one.entry.channel.name}`, change }] : [])));
  const first = cells[0];
  if (!first?.change.hazard) return null;
  const days = daysLost(first.change.old as Retention, first.change.value as Retention, facts.policy.messageRetentionDays) ?? 0;
  return { names: cells.map((cell) => cell.name), days: daysWords(days), words: first.change.hazard.words };
}

/** "Ann, Bob and 12 others". */
function peopleWords(ids: readonly number[], rules: RulesContext): string {
  const names = ids.slice(0, NAMES_SHOWN).map((id) => rules.people.get(id)?.full_name ?? `User ${id}`);
  const rest = ids.length - names.length;
  return listWords(rest > 0 ? [...names, plural(rest, 'other', 'others')] : names);
}
