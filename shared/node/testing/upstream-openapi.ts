// Upstream's OpenAPI description (zerver/openapi/zulip.yaml at feature level 247) for contract tests.
// It is not part of this repository: UPSTREAM_OPENAPI names the file, by default
// ../shared/reference/upstream-openapi-fl247.yaml beside the project folder (where CI has it). Without
// it, `upstreamOpenApi()` is null and `skipReason` says in one line where to put it; a file named by
// UPSTREAM_OPENAPI that is missing is an error instead.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
}
export interface Operation {
  /** By status; a reply is written out or is a `$ref` to `#/components/responses/…`. */
  responses?: Record<string, Response>;
}
interface Response {
  $ref?: string;
  content?: Record<string, { schema?: unknown }>;
}

const chosenPath = process.env.UPSTREAM_OPENAPI;
const yamlPath = chosenPath ? path.resolve(chosenPath) : path.resolve(import.meta.dirname, '../../../../shared/reference/upstream-openapi-fl247.yaml');
const found = Boolean(chosenPath) || existsSync(yamlPath);

/** One line for a skipped test: why, and where to put the file. */
export const skipReason = found
  ? null
  : `Skipped: upstream's OpenAPI file (zerver/openapi/zulip.yaml at feature level 247) is not at ${yamlPath}; put it there, or set UPSTREAM_OPENAPI to its path.`;

let loaded: OpenApi | null | undefined;

/** The parsed description, or null when the default file is absent. */
export function upstreamOpenApi(): OpenApi | null {
  loaded ??= found ? (parse(readFileSync(yamlPath, 'utf8'), { maxAliasCount: -1 }) as OpenApi) : null;
  return loaded;
}

/** Follows a `#/components/...` reference. */
export function resolveRef(doc: OpenApi, node: unknown): unknown {
  if (node && typeof node === 'object' && '$ref' in node && typeof node.$ref === 'string') {
    const [, , group, name] = node.$ref.split('/');
    return doc.components[group ?? '']?.[name ?? ''];
  }
  return node;
}

/**
 * Every property name an object schema documents, through allOf, oneOf, anyOf and references
 * (upstream repeats a referenced schema's properties as `{}` beside `additionalProperties: false`).
 */
export function documentedProperties(doc: OpenApi, schema: unknown, seen = new Set<unknown>()): Set<string> {
  const names = new Set<string>();
  const node = resolveRef(doc, schema);
  if (!node || typeof node !== 'object' || seen.has(node)) return names;
  seen.add(node);
  const record = node as Record<string, unknown>;
  if (record.properties && typeof record.properties === 'object') for (const name of Object.keys(record.properties)) names.add(name);
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    const list = record[key];
    if (Array.isArray(list)) for (const item of list) for (const name of documentedProperties(doc, item, seen)) names.add(name);
  }
  return names;
}

/**
 * The operation upstream's file documents for this method and path, matching `{…}` segments whatever
 * their names (`/users/{email}` and `/users/{user_id}` share a shape, so every such path is tried).
 */
export function findOperation(doc: OpenApi, method: string, apiPath: string): Operation | undefined {
  const shape = (p: string) => p.replace(/\{\w+\}/g, '{}');
  for (const [theirs, operations] of Object.entries(doc.paths)) {
    const operation = shape(theirs) === shape(apiPath) ? operations[method.toLowerCase()] : undefined;
    if (operation) return operation;
  }
  return undefined;
}

/**
 * The JSON schema of an operation's reply with this status (a shared `#/components/responses/…` reply
 * followed), or undefined when upstream's file documents no such operation or status.
 */
export function replySchema(doc: OpenApi, method: string, apiPath: string, status = '200'): unknown {
  const response = resolveRef(doc, findOperation(doc, method, apiPath)?.responses?.[status]) as Response | undefined;
  return response?.content?.['application/json']?.schema;
}

/** Every `example` found under a schema, through allOf, oneOf, anyOf and references. */
export function examplesIn(doc: OpenApi, schema: unknown, seen = new Set<unknown>()): unknown[] {
  const node = resolveRef(doc, schema);
  if (!node || typeof node !== 'object' || seen.has(node)) return [];
  seen.add(node);
  const found: unknown[] = [];
  const record = node as Record<string, unknown>;
  if ('example' in record) found.push(record.example);
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    const list = record[key];
    if (Array.isArray(list)) for (const item of list) found.push(...examplesIn(doc, item, seen));
  }
  return found;
}

/** The reply examples of one operation, as whole reply bodies with their status. */
export function replyExamples(doc: OpenApi, operation: Operation): { status: string; body: Record<string, unknown> }[] {
  const out: { status: string; body: Record<string, unknown> }[] = [];
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const schema = (resolveRef(doc, response) as Response | undefined)?.content?.['application/json']?.schema;
    for (const example of examplesIn(doc, schema)) {
      if (example && typeof example === 'object' && 'result' in example) out.push({ status, body: example as Record<string, unknown> });
    }
  }
  return out;
}

/** The top-level properties of an operation's 200 reply, or undefined when upstream's file has no such operation. */
export function replyProperties(doc: OpenApi, method: string, apiPath: string): Set<string> | undefined {
  if (!findOperation(doc, method, apiPath)) return undefined;
  return documentedProperties(doc, replySchema(doc, method, apiPath));
}

/** The event schemas GET /events documents (each item of its `events` list's oneOf). */
export function eventSchemas(doc: OpenApi): unknown[] {
  const events = doc.paths['/events']?.get?.responses?.['200']?.content?.['application/json']?.schema;
  const items: unknown[] = [];
  for (const part of (resolveRef(doc, events) as { allOf?: unknown[] }).allOf ?? []) {
    const oneOf = (part as { properties?: { events?: { items?: { oneOf?: unknown[] } } } }).properties?.events?.items?.oneOf;
    if (oneOf) items.push(...oneOf);
  }
  return items;
}

/**
 * The event schemas (items of GET /events' oneOf) for events of this type, and of this op when one is
 * given; empty when the file has none (an event kind added after its feature level).
 */
export function matchingEventSchemas(doc: OpenApi, type: string, op?: string): unknown[] {
  // A field's values are an enum on it, or on a part of its allOf (`type` is EventTypeSchema plus an enum).
  const valuesOf = (schema: unknown): unknown[] => {
    const node = resolveRef(doc, schema) as { enum?: unknown[]; allOf?: unknown[] } | undefined;
    return [...(node?.enum ?? []), ...(node?.allOf ?? []).flatMap(valuesOf)];
  };
  const enumOf = (schema: unknown, field: string): unknown[] => {
    const node = resolveRef(doc, schema) as { properties?: Record<string, unknown>; allOf?: unknown[] } | undefined;
    return [...valuesOf(node?.properties?.[field]), ...(node?.allOf ?? []).flatMap((part) => enumOf(part, field))];
  };
  return eventSchemas(doc).filter((schema) => enumOf(schema, 'type').includes(type) && (op === undefined || enumOf(schema, 'op').includes(op)));
}

/**
 * The properties upstream documents for the event of this type (and op), or undefined when the file
 * has none (an event kind added after its feature level).
 */
export function eventProperties(doc: OpenApi, type: string, op?: string): Set<string> | undefined {
  const matching = matchingEventSchemas(doc, type, op);
  if (matching.length === 0) return undefined;
  const names = new Set<string>();
  for (const schema of matching) for (const name of documentedProperties(doc, schema)) names.add(name);
  return names;
}
