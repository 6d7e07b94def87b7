// A channel's weekly traffic as upstream reports it (zerver/lib/stream_traffic.py,
// get_average_weekly_stream_traffic; https://zulip.com/api/get-streams `stream_weekly_traffic`).

/** upstream counts the messages of the last 28 days. */
export const TRAFFIC_WINDOW_DAYS = 28;
/** Channels younger than this have no estimate (null). */
const MIN_AGE_DAYS = 7;
const DAY = 86_400;

/**
 * Messages a week, averaged over the last four weeks (or over the channel's life when it is younger),
 * at least 1 when there was any traffic, to two significant digits; null for a channel under a week old.
 */
export function weeklyTraffic(recentMessages: number, dateCreated: number, now: number): number | null {
  const ageDays = Math.floor((now - dateCreated) / DAY);
  let weekly: number;
  if (ageDays >= TRAFFIC_WINDOW_DAYS) weekly = Math.floor(recentMessages / 4);
  else if (ageDays >= MIN_AGE_DAYS) weekly = Math.floor((recentMessages * 7) / ageDays);
  else return null;
  if (weekly === 0 && recentMessages > 0) weekly = 1;
  return twoSignificantDigits(weekly);
}

/** upstream round_to_2_significant_digits: Python's round(n, 2 - digits), halves to even. */
function twoSignificantDigits(value: number): number {
  const digits = String(value).length;
  if (digits <= 2) return value;
  const unit = 10 ** (digits - 2);
  const scaled = value / unit;
  const floor = Math.floor(scaled);
  const rest = scaled - floor;
  const rounded = rest > 0.5 || (rest === 0.5 && floor % 2 === 1) ? floor + 1 : floor;
  return rounded * unit;
}
