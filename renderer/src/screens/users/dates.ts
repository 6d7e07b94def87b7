// Dates as the Users screen shows them (the table's Joined and Last active columns, the detail panel).
export const joinedFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function formatJoined(dateJoined: string): string {
  const time = Date.parse(dateJoined);
  return Number.isNaN(time) ? dateJoined : joinedFormat.format(time);
}
