// Reads an endpoint's parameters from a request the way upstream does: form values (query string or
// body, urlencoded or multipart) are strings, and parameters whose type is not a string are JSON inside
// them. Then validates with the endpoint's zod schema from shared/api, turning zod's issues into
// upstream's error texts, and lists the parameters the endpoint does not support.
import type { z } from 'zod';
import { ApiError, badRequest } from '../lib/errors';

export interface ParsedParams<T> {
  params: T;
  /** spec Conventions 2: unsupported parameters are reported, not rejected. */
  ignored: string[];
}

export function parseParams<S extends z.ZodObject>(schema: S, raw: Record<string, unknown>): ParsedParams<z.output<S>> {
  const shape = schema.shape as Record<string, z.ZodType>;
  const decoded: Record<string, unknown> = {};
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    // Own fields only: a parameter named `constructor` or `toString` is not one of the schema's.
    const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (!field) {
      ignored.push(key);
      continue;
    }
    decoded[key] = decodeValue(key, field, value);
  }
  for (const [key, field] of Object.entries(shape)) {
    if (decoded[key] === undefined && !field.safeParse(undefined).success) {
      throw new ApiError('REQUEST_VARIABLE_MISSING', `Missing '${key}' argument`, { var_name: key });
    }
  }
  const result = schema.safeParse(decoded);
  if (!result.success) throw badRequest(describeIssue(result.error.issues[0]));
  return { params: result.data, ignored };
}

/** A form value as its schema wants it: strings stay as sent; anything else is JSON in the string. */
function decodeValue(key: string, field: z.ZodType, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (acceptsOnlyStrings(field)) return value;
  try {
    const json: unknown = JSON.parse(value);
    // A parameter that is "a string or something else" keeps the raw string unless the JSON fits.
    if (acceptsStrings(field) && !field.safeParse(json).success) return value;
    return json;
  } catch {
    if (acceptsStrings(field)) return value;
    throw badRequest(`${key} is not valid JSON`);
  }
}

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; options?: z.ZodType[]; values?: unknown[]; entries?: Record<string, unknown> };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

function unwrap(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (['optional', 'nullable', 'default', 'readonly', 'catch', 'nonoptional', 'prefault'].includes(def.type) && def.innerType) return unwrap(def.innerType);
  if (def.type === 'pipe' && def.in) return unwrap(def.in);
  return schema;
}

/** The base types a schema accepts: 'string', 'number', 'boolean', 'array', 'object', 'null', ... */
function baseTypes(schema: z.ZodType): Set<string> {
  const inner = unwrap(schema);
  const def = defOf(inner);
  switch (def.type) {
    case 'union':
      return new Set((def.options ?? []).flatMap((option) => [...baseTypes(option)]));
    case 'enum':
      return new Set(Object.values(def.entries ?? {}).map((v) => typeof v));
    case 'literal':
      return new Set((def.values ?? []).map((v) => (v === null ? 'null' : typeof v)));
    case 'int':
    case 'bigint':
      return new Set(['number']);
    case 'template_literal':
      return new Set(['string']);
    default:
      return new Set([def.type]);
  }
}

const acceptsStrings = (schema: z.ZodType) => baseTypes(schema).has('string');
const acceptsOnlyStrings = (schema: z.ZodType) => {
  const types = baseTypes(schema);
  return types.size === 1 && types.has('string');
};

/** upstream's typed_endpoint texts (zerver/lib/typed_endpoint.py ERROR_TEMPLATES). */
function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'Invalid parameters';
  const name = issue.path.length
    ? issue.path.map((part, index) => (index === 0 ? String(part) : `[${String(part)}]`)).join('')
    : '';
  if (!name || issue.code === 'custom') return issue.message;
  switch (issue.code) {
    case 'invalid_type': {
      const expected = { number: 'an integer', int: 'an integer', boolean: 'a boolean', string: 'a string', array: 'a list', object: 'a dict' }[issue.expected as string];
      return expected ? `${name} is not ${expected}` : `Invalid ${name}`;
    }
    case 'too_big':
      return issue.origin === 'string' ? `${name} is too long (limit: ${String(issue.maximum)} characters)` : `Invalid ${name}`;
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) === 1 ? `${name} cannot be blank` : `Invalid ${name}`;
    default:
      return `Invalid ${name}`;
  }
}
