// The screen's words for checks, outcomes, durations and dates, in one place so the compose form,
// the campaign view, the report and the tests say the same thing.
import type { AddressCheck, CampaignSummary, InviteOutcome, ReportStatus } from '../../../../shared/ipc';
import { plural } from '../../../../shared/domain/plural';
import { formatWhen as formatMoment } from '../../../../shared/domain/when';

export const CHECK_LABELS: Record<AddressCheck, string> = {
  ok: 'Can be invited',
  member: 'Already has an account',
  deactivated: 'Deactivated account',
  invalid: 'Not a valid address',
  duplicate: 'Duplicate',
  invited: 'Already invited',
};

/** The order outcomes are listed in: what happened to most first, what needs attention after. */
export const OUTCOME_ORDER: InviteOutcome[] = ['invited', 'already_invited', 'existing', 'deactivated', 'invalid', 'outside_domain', 'other', 'not_attempted', 'pending'];

/**
 * The report's statuses: the outcomes, then the pending invitations resent while composing, then the
 * addresses left out at compose time (never sent).
 */
export const REPORT_ORDER: ReportStatus[] = [...OUTCOME_ORDER, 'resent', 'left_out'];

/** What "Retry failed" sends again (shared/ipc/invitations.ts): a new try may pass for these. */
export const RETRYABLE: InviteOutcome[] = ['other', 'not_attempted'];

/** The tone a status is drawn in; the words carry the meaning, the colour only helps. */
export function outcomeTone(outcome: InviteOutcome): 'good' | 'neutral' | 'bad' | 'waiting' {
  if (outcome === 'invited') return 'good';
  if (outcome === 'pending') return 'waiting';
  // Nothing to fix: the person has an invitation or an account either way.
  if (outcome === 'existing' || outcome === 'already_invited') return 'neutral';
  return 'bad';
}

/** Left out is neither a failure nor a success: nothing was sent. Resent is a success: the email went. */
export function reportTone(status: ReportStatus): 'good' | 'neutral' | 'bad' | 'waiting' {
  if (status === 'left_out') return 'neutral';
  if (status === 'resent') return 'good';
  return outcomeTone(status);
}

/** The tone of a campaign's status tag (.tag in components/parts.css); none for a cancelled one. */
export const STATUS_TONES: Record<CampaignSummary['status'], 'accent' | 'success' | 'warning' | 'danger' | undefined> = {
  running: 'accent',
  paused: 'warning',
  done: 'success',
  cancelled: undefined,
  stopped: 'danger',
};

export const STATUS_LABELS: Record<CampaignSummary['status'], string> = {
  running: 'Sending',
  paused: 'Paused',
  done: 'Finished',
  cancelled: 'Cancelled',
  stopped: 'Stopped',
};

const count = new Intl.NumberFormat();
export const formatCount = (n: number) => count.format(n);

/** "less than a minute", "about 3 minutes", "about 2 hours". */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return 'less than a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `about ${plural(minutes, 'minute', 'minutes')}`;
  return `about ${plural(Math.round(minutes / 60), 'hour', 'hours')}`;
}

/** An invitation's validity: "1 day", "10 days", "2 hours", or "never expires". */
export function formatExpiry(minutes: number | null): string {
  if (minutes === null) return 'Never expires';
  if (minutes % 1440 === 0) return plural(minutes / 1440, 'day', 'days');
  if (minutes % 60 === 0) return plural(minutes / 60, 'hour', 'hours');
  return plural(minutes, 'minute', 'minutes');
}

/** A moment as the user's locale writes it; `value` is in milliseconds, or seconds when `unit` says so. */
export function formatWhen(value: number, unit: 'ms' | 's' = 'ms'): string {
  return formatMoment(unit === 's' ? value * 1000 : value);
}
