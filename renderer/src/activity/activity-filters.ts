// The activity log's filters as the form holds them (strings, as inputs and selects give them) and as
// the core's activity.query takes them. Dates are the user's own calendar days: "from" is the start of
// that day and "to" the end of it, in local time, turned into UTC milliseconds here.
import type { ActivityFilters, ActivityKind } from '../../../shared/ipc';

export interface FilterForm {
  search: string;
  /** "id:8" for an actor with a user ID, "name:…" for one known only by name, "" for anyone. */
  actor: string;
  kind: ActivityKind | '';
  userId: string;
  channelId: string;
  /** yyyy-mm-dd, as a date input gives it; "" for no bound. */
  from: string;
  to: string;
}

export const NO_FILTERS: FilterForm = { search: '', actor: '', kind: '', userId: '', channelId: '', from: '', to: '' };

export const KIND_WORDS: Record<ActivityKind, string> = {
  role: 'Roles',
  status: 'Deactivations and reactivations',
  name: 'Names',
  invitation: 'Invitations',
  defaults: 'Default settings',
  channel: 'Channels',
  folder: 'Channel folders',
  subscribers: 'Subscribers',
  moderation: 'Moderation',
  group: 'User groups',
};

export const actorValue = (choice: { id: number | null; label: string }) => (choice.id === null ? `name:${choice.label}` : `id:${String(choice.id)}`);

export function isFiltered(form: FilterForm): boolean {
  return (Object.keys(NO_FILTERS) as (keyof FilterForm)[]).some((key) => form[key].trim() !== '');
}

export function toQuery(form: FilterForm): ActivityFilters {
  const filters: ActivityFilters = {};
  const search = form.search.trim();
  if (search) filters.search = search;
  if (form.actor.startsWith('id:')) filters.actorId = Number(form.actor.slice(3));
  else if (form.actor.startsWith('name:')) filters.actor = form.actor.slice(5);
  if (form.kind) filters.kinds = [form.kind];
  if (form.userId) filters.userId = Number(form.userId);
  if (form.channelId) filters.channelId = Number(form.channelId);
  const from = dayStart(form.from);
  const to = dayStart(form.to);
  if (from !== null) filters.from = from;
  // "To" includes that whole day: the bound is the start of the next one.
  if (to !== null) filters.to = to + dayLength(form.to);
  return filters;
}

/** Local midnight of a yyyy-mm-dd day, in UTC milliseconds; null for an empty or malformed day. */
function dayStart(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const start = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime();
  return Number.isFinite(start) ? start : null;
}

/** A local day is not always 24 hours long (clocks change): the distance to the next local midnight. */
function dayLength(day: string): number {
  const start = dayStart(day) as number;
  const next = new Date(start);
  next.setDate(next.getDate() + 1);
  return next.getTime() - start;
}
