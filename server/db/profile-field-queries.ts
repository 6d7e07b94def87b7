// The organization's custom profile fields, in upstream's CustomProfileField shape (register's
// `custom_profile_fields`). The sandbox stores no per-field configuration, so `field_data` is empty,
// as upstream sends it for every type but a list of options and an external account.
import type { CustomProfileField } from '../../shared/api';
import type { Db } from './connection';

interface FieldRow {
  id: number;
  name: string;
  hint: string;
  field_type: number;
  field_order: number;
}

export function listProfileFields(db: Db): CustomProfileField[] {
  const rows = db.prepare('SELECT id, name, hint, field_type, field_order FROM custom_profile_fields ORDER BY field_order, id').all() as FieldRow[];
  return rows.map((row) => ({
    id: row.id,
    type: row.field_type,
    order: row.field_order,
    name: row.name,
    hint: row.hint,
    field_data: '',
    display_in_profile_summary: false,
    required: false,
  }));
}

/** upstream's `custom_profile_field_types`, sent beside the fields: each type's ID and name. */
export const PROFILE_FIELD_TYPES = {
  SHORT_TEXT: { id: 1, name: 'Short text' },
  LONG_TEXT: { id: 2, name: 'Long text' },
  SELECT: { id: 3, name: 'List of options' },
  DATE: { id: 4, name: 'Date picker' },
  URL: { id: 5, name: 'Link' },
  USER: { id: 6, name: 'Person picker' },
  EXTERNAL_ACCOUNT: { id: 7, name: 'External account' },
  PRONOUNS: { id: 8, name: 'Pronouns' },
} as const;
