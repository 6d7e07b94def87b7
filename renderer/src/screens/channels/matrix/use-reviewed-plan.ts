// The matrix's plan while the user goes from the values to the review and back. When the review opens,
// it remembers the values it shows (channel-matrix-plan.ts `seen`), so a cell another administrator
// changes meanwhile is listed apart instead of re-planned from their value under the user's eyes, and
// the job is given what the user reviewed as `old` (a conflict, never an overwrite). The user confirms
// the plan again against their values, or drops those cells; going back to the values forgets both.
import { useMemo, useState } from 'react';
import { planMatrix, seenValues, takeTheirs, withoutCells, type MatrixEntry, type MatrixPlan, type MatrixValues, type MeanwhileCell, type SeenValues } from '../../../../../shared/domain/channel-matrix-plan';
import type { ChannelFacts, SettingColumn } from '../../../../../shared/domain/channel-settings';

export interface ReviewedPlan {
  plan: MatrixPlan;
  /** Plan the cells changed meanwhile from the server's values: the user reviews and applies again. */
  takeTheirs(): void;
  /** Leave the cells changed meanwhile out of the change. */
  dropChanged(): void;
}

export function useReviewedPlan(
  facts: ChannelFacts,
  rows: readonly MatrixEntry[],
  selection: ReadonlyMap<number, ReadonlySet<SettingColumn>>,
  values: MatrixValues,
  reviewing: boolean,
): ReviewedPlan {
  const [seen, setSeen] = useState<SeenValues | null>(null);
  const [dropped, setDropped] = useState<readonly MeanwhileCell[]>([]);
  const [wasReviewing, setWasReviewing] = useState(reviewing);
  const selected = useMemo(() => (dropped.length > 0 ? withoutCells(selection, dropped) : selection), [selection, dropped]);
  const plan = useMemo(() => planMatrix(facts, rows, selected, values, seen ?? undefined), [facts, rows, selected, values, seen]);
  // Adjusted while rendering, not in an effect, so the review's first frame already holds what it shows.
  if (reviewing !== wasReviewing) {
    setWasReviewing(reviewing);
    setSeen(reviewing ? seenValues(plan) : null);
    setDropped([]);
  }
  return {
    plan,
    takeTheirs: () => setSeen((now) => (now ? takeTheirs(now, plan.meanwhile) : now)),
    dropChanged: () => setDropped((now) => [...now, ...plan.meanwhile]),
  };
}
