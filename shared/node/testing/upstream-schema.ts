// Whole-reply validation against upstream's OpenAPI description (the file upstream-openapi.ts finds):
// an operation's reply schema, or one event kind's schema, is turned into JSON Schema that Ajv compiles,
// and a body is checked against it in full: types, required fields, enums, nullability and
// additionalProperties.
//
// The file is OpenAPI 3.0, whose schemas are not quite JSON Schema:
//  - `nullable: true` allows null. Upstream also writes a bare `{nullable: true}` beside
//    `additionalProperties: false` (the property's type is in the other allOf part) and `nullable` on a
//    oneOf; both mean "may be null", so null is allowed wherever the keyword is.
//  - `oneOf` is checked as `anyOf`: upstream lists alternatives that overlap (a 400 reply is "one of"
//    several error schemas that all fit `{result, msg, code}`), and a value is valid when one fits.
//  - `$ref: '#/components/…'` references are followed (inlined): the file's schemas are not recursive.
//  - Documentation keywords (`description`, `example`, `deprecated`, `x-*`) are dropped, and Ajv runs
//    with `strict: false`, so nothing but validation keywords reaches it.
// Upstream repeats a referenced schema's properties as `{}` beside `additionalProperties: false` inside
// an allOf; under JSON Schema each part of an allOf is checked on its own, so that is already right as
// long as every part lists every property, which upstream's own examples prove (upstream-schema.test.ts).
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { matchingEventSchemas, replySchema, resolveRef, type OpenApi } from './upstream-openapi';

type JsonSchema = Record<string, unknown>;

/** JSON Schema keywords whose value is a schema, a list of schemas, or a map of them. */
const ONE_SCHEMA = new Set(['items', 'not', 'additionalProperties']);
const SCHEMA_LIST = new Set(['allOf', 'oneOf', 'anyOf']);
const SCHEMA_MAP = new Set(['properties', 'patternProperties']);
/** Keywords kept as they are. */
const PLAIN = new Set([
  'type',
  'enum',
  'required',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
]);

/** The OpenAPI 3.0 schema as JSON Schema (draft-07) with its references inlined. */
export function toJsonSchema(doc: OpenApi, schema: unknown, trail: readonly unknown[] = []): JsonSchema {
  const node = resolveRef(doc, schema);
  if (node === undefined) throw new Error(`unresolved reference ${JSON.stringify(schema)}`);
  if (typeof node === 'boolean') return node ? {} : { not: {} };
  if (!node || typeof node !== 'object') throw new Error(`not a schema: ${JSON.stringify(node)}`);
  if (trail.includes(node)) throw new Error('recursive schema: inlining would not end');
  const inner = [...trail, node];
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    if (ONE_SCHEMA.has(key)) out[key] = typeof value === 'boolean' ? value : toJsonSchema(doc, value, inner);
    else if (SCHEMA_LIST.has(key)) out[key === 'oneOf' ? 'anyOf' : key] = (value as unknown[]).map((item) => toJsonSchema(doc, item, inner));
    else if (SCHEMA_MAP.has(key)) out[key] = Object.fromEntries(Object.entries(value as JsonSchema).map(([name, item]) => [name, toJsonSchema(doc, item, inner)]));
    else if (PLAIN.has(key)) out[key] = value;
  }
  return (node as { nullable?: unknown }).nullable === true ? { anyOf: [out, { type: 'null' }] } : out;
}

/** One line per failure: where in the body, and what is wrong. */
function problems(errors: readonly ErrorObject[]): string[] {
  return errors.map((error) => {
    const where = error.instancePath || '(body)';
    const extra = 'additionalProperty' in error.params ? ` '${String(error.params.additionalProperty)}'` : 'allowedValues' in error.params ? ` ${JSON.stringify(error.params.allowedValues)}` : '';
    return `${where} ${error.message ?? error.keyword}${extra}`;
  });
}

export interface UpstreamValidator {
  /**
   * The problems of a reply body against the operation's reply schema for this status ([] when it is
   * valid), or undefined when upstream's file does not document that reply.
   */
  reply(method: string, apiPath: string, body: unknown, status?: number): string[] | undefined;
  /**
   * The problems of an event against upstream's schema for its type and op ([] when valid; several
   * schemas for one kind: valid against any), or undefined when the file documents no such event.
   */
  event(event: { type: string; op?: unknown }): string[] | undefined;
  /**
   * The problems of a value against one of the file's shared schemas (`MissingArgumentError`): for an
   * error an operation's own replies leave out, which upstream's code sends from any endpoint.
   */
  component(name: string, value: unknown): string[] | undefined;
}

/** Validators over one parsed description; each schema is compiled once, on first use. */
export function upstreamValidator(doc: OpenApi): UpstreamValidator {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const compiled = new Map<string, ValidateFunction | null>();
  const compile = (key: string, schema: () => unknown): ValidateFunction | null => {
    if (!compiled.has(key)) {
      const found = schema();
      compiled.set(key, found === undefined ? null : ajv.compile(toJsonSchema(doc, found)));
    }
    return compiled.get(key) ?? null;
  };
  const check = (validate: ValidateFunction | null, value: unknown) => {
    if (!validate) return undefined;
    return validate(value) ? [] : problems(validate.errors ?? []);
  };
  return {
    reply(method, apiPath, body, status = 200) {
      const key = `${method.toUpperCase()} ${apiPath.replace(/\{\w+\}/g, '{}')} ${String(status)}`;
      return check(
        compile(key, () => replySchema(doc, method, apiPath, String(status))),
        body,
      );
    },
    event(event) {
      const op = typeof event.op === 'string' ? event.op : undefined;
      const key = `event ${event.type} ${op ?? ''}`;
      const validate = compile(key, () => {
        // An op the file does not list for this type finds no schema rather than the type's others.
        const schemas = matchingEventSchemas(doc, event.type, op);
        if (schemas.length === 0) return undefined;
        return schemas.length === 1 ? schemas[0] : { anyOf: schemas };
      });
      return check(validate, event);
    },
    component(name, value) {
      return check(
        compile(`component ${name}`, () => doc.components.schemas?.[name]),
        value,
      );
    },
  };
}
