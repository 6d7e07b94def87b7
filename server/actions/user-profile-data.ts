// spec 12 `profile_data`: custom profile field values, validated by field type as upstream does
// (zerver/views/users.py update_user_backend, zerver/lib/users.py validate_user_custom_profile_data,
// zerver/models/custom_profile_fields.py). Runs inside the caller's transaction.
import type { z } from 'zod';
import type { ProfileDataChange } from '../../shared/api';
import type { Db } from '../db/connection';
import { isRenderableFieldType } from '../db/user-queries';
import type { UserRow } from '../db/users';
import { badRequest } from '../lib/errors';
import type { ServerEvent } from '../events/bus';
import { renderMarkdown } from '../markdown/render';
import { profileFieldEvent } from './user-events';

type Change = z.infer<typeof ProfileDataChange>;

interface FieldRow {
  id: number;
  name: string;
  field_type: number;
}

/** upstream field types (CustomProfileField). */
const FIELD = { shortText: 1, longText: 2, choice: 3, date: 4, url: 5, users: 6, externalAccount: 7, pronouns: 8 } as const;

/** upstream check_short_string / check_long_string caps. */
const SHORT_TEXT_MAX = 50;
const LONG_TEXT_MAX = 500;

/**
 * Applies the changes to the target's values and returns the events to publish after commit. Empty or
 * null values remove the value first (upstream does removals before validating the rest); a value equal
 * to the stored one changes nothing and announces nothing.
 */
export function applyProfileData(db: Db, target: Pick<UserRow, 'id'>, changes: readonly Change[]): ServerEvent[] {
  const events: ServerEvent[] = [];
  const updates: { field: FieldRow; value: string }[] = [];
  for (const change of changes) {
    const field = fieldById(db, change.id);
    if (isEmpty(change.value)) {
      const removed = db.prepare('DELETE FROM profile_values WHERE user_id = ? AND field_id = ?').run(target.id, field.id);
      if (removed.changes > 0) events.push(profileFieldEvent(target.id, field.id, null, null));
      continue;
    }
    updates.push({ field, value: validateFieldValue(db, field, change.value) });
  }
  for (const { field, value } of updates) {
    const current = db.prepare('SELECT value FROM profile_values WHERE user_id = ? AND field_id = ?').pluck().get(target.id, field.id) as string | undefined;
    if (current === value) continue;
    const rendered = isRenderableFieldType(field.field_type) ? renderMarkdown(value) : null;
    db.prepare(
      `INSERT INTO profile_values (user_id, field_id, value, rendered_value) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id, field_id) DO UPDATE SET value = excluded.value, rendered_value = excluded.rendered_value`,
    ).run(target.id, field.id, value, rendered);
    events.push(profileFieldEvent(target.id, field.id, value, rendered));
  }
  return events;
}

function fieldById(db: Db, id: number): FieldRow {
  const field = db.prepare('SELECT id, name, field_type FROM custom_profile_fields WHERE id = ?').get(id) as FieldRow | undefined;
  if (!field) throw badRequest(`Field id ${String(id)} not found.`);
  return field;
}

const isEmpty = (value: Change['value']): value is null | '' | [] => value === null || value.length === 0;

/** The value as stored (user lists as JSON text, like upstream), or upstream's validation error. */
function validateFieldValue(db: Db, field: FieldRow, value: string | number[]): string {
  const name = field.name;
  if (field.field_type === FIELD.users) return JSON.stringify(validUserIds(db, value));
  if (typeof value !== 'string') throw badRequest(`${name} is not a string`);
  switch (field.field_type) {
    case FIELD.longText:
      return capped(name, value, LONG_TEXT_MAX);
    case FIELD.date:
      if (!isIsoDate(value)) throw badRequest(`${name} is not a date`);
      return value;
    case FIELD.url:
      if (!isUrl(value)) throw badRequest(`${name} is not a URL`);
      return value;
    // Choice fields: upstream checks the value against the field's options (field_data), which the
    // schema does not store yet; any text is accepted until it does.
    case FIELD.choice:
      return value;
    default:
      return capped(name, value, SHORT_TEXT_MAX);
  }
}

function capped(name: string, value: string, max: number): string {
  if (value.length > max) throw badRequest(`${name} is too long (limit: ${String(max)} characters)`);
  return value;
}

/** upstream check_valid_user_ids: existing, active humans. */
function validUserIds(db: Db, value: string | number[]): number[] {
  if (!Array.isArray(value)) throw badRequest('User IDs is not a list');
  for (const id of value) {
    const user = db.prepare('SELECT is_active, is_bot FROM users WHERE id = ?').get(id) as Pick<UserRow, 'is_active' | 'is_bot'> | undefined;
    if (!user) throw badRequest(`Invalid user ID: ${String(id)}`);
    if (!user.is_active) throw badRequest(`User with ID ${String(id)} is deactivated`);
    if (user.is_bot) throw badRequest(`User with ID ${String(id)} is a bot`);
  }
  return value;
}

/** upstream check_date: strictly YYYY-MM-DD, and a real day. */
function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** upstream check_url (Django URLValidator): an absolute http(s) or ftp(s) URL with a host. */
function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return ['http:', 'https:', 'ftp:', 'ftps:'].includes(url.protocol) && url.hostname.length > 0;
  } catch {
    return false;
  }
}
