// A campaign's entries in the activity log (electron/core/activity/activity-log.ts): its start, with
// what it was asked to do, and its end (or its pause at the daily limit), with its counts.
import type { NewActivityEntry } from '../activity/activity-log';
import { campaignInWords, countsInWords, optionsInWords } from './campaign-report';
import type { CampaignRecord } from './campaign-record';

export function startedEntry(record: CampaignRecord): NewActivityEntry {
  return {
    actor: record.actor,
    action: 'Started an invitation campaign',
    kind: 'invitation',
    target: campaignInWords(record),
    details: optionsInWords(record),
    result: 'ok',
    error: null,
  };
}

const SETTLED_ACTIONS: Record<CampaignRecord['status'], string> = {
  done: 'Sent invitations',
  cancelled: 'Cancelled an invitation campaign',
  stopped: 'Invitation campaign stopped',
  paused: 'Invitation campaign paused at the daily limit',
  running: 'Sent invitations',
};

/** The campaign finished, or paused at the daily limit. */
export function settledEntry(record: CampaignRecord): NewActivityEntry {
  return {
    actor: record.actor,
    action: SETTLED_ACTIONS[record.status],
    kind: 'invitation',
    target: campaignInWords(record),
    details: countsInWords(record),
    result: record.status === 'stopped' ? 'failed' : 'ok',
    error: record.status === 'stopped' ? record.detail : null,
  };
}
