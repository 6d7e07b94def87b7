// Which subscriber job the Channels tab shows: the one started here, or else the account's newest
// (one the core resumed from its journal after a restart, or finished while the tab was not shown),
// until the user closes it. Closed jobs are remembered while the console window is open.
import { useState } from 'react';
import { useSubscriberJobs } from '../../../queries/subscriber-jobs';

const closed = new Set<string>();

export function useResumedSubscriberJob(account: string): [string | null, (id: string | null) => void] {
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const jobs = useSubscriberJobs(account);
  const newest = jobs.data?.[0]?.id ?? null;
  const shown = chosen === undefined ? (newest !== null && !closed.has(newest) ? newest : null) : chosen;
  const show = (id: string | null) => {
    if (id === null && shown !== null) closed.add(shown);
    setChosen(id);
  };
  return [shown, show];
}
