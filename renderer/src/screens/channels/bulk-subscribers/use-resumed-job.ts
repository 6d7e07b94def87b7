// Which subscriber job the Channels tab shows: the one started here, or else a job still running in
// the core (one it resumed from its journal after a restart), so coming back shows its progress.
import { useState } from 'react';
import { useSubscriberJobs } from '../../../queries/subscriber-jobs';

export function useResumedSubscriberJob(account: string): [string | null, (id: string | null) => void] {
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const jobs = useSubscriberJobs(account);
  const running = jobs.data?.find((job) => job.finishedAt === null)?.id ?? null;
  return [chosen === undefined ? running : chosen, setChosen];
}
