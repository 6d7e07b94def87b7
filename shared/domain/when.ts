// A moment as every screen words one: "Nov 27, 2026, 10:04 PM", in the user's locale and time zone.
// The Invitations screen names a campaign so, and the activity log's entries about it say the same.
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** `at` in UTC milliseconds. */
export const formatWhen = (at: number | Date): string => dateTime.format(at);

const toTheSecond = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** With the seconds, where two moments in one minute must be told apart: "Nov 27, 2026, 10:04:31 PM". */
export const formatWhenToTheSecond = (at: number | Date): string => toTheSecond.format(at);
