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
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
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

/** The top-level properties of an operation's 200 reply, or undefined when upstream's file has no such operation. */
export function replyProperties(doc: OpenApi, method: string, apiPath: string): Set<string> | undefined {
  const samePath = (theirs: string) => theirs.replace(/\{\w+\}/g, '{}') === apiPath.replace(/\{\w+\}/g, '{}');
  const entry = Object.entries(doc.paths).find(([theirs]) => samePath(theirs));
  const operation = entry?.[1][method.toLowerCase()];
  if (!operation) return undefined;
  return documentedProperties(doc, operation.responses?.['200']?.content?.['application/json']?.schema);
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
 * The properties upstream documents for the event of this type (and op), or undefined when the file
 * has none (an event kind added after its feature level).
 */
export function eventProperties(doc: OpenApi, type: string, op?: string): Set<string> | undefined {
  // A field's values are an enum on it, or on a part of its allOf (`type` is EventTypeSchema plus an enum).
  const valuesOf = (schema: unknown): unknown[] => {
    const node = resolveRef(doc, schema) as { enum?: unknown[]; allOf?: unknown[] } | undefined;
    return [...(node?.enum ?? []), ...(node?.allOf ?? []).flatMap(valuesOf)];
  };
  const enumOf = (schema: unknown, field: string): unknown[] => {
    const node = resolveRef(doc, schema) as { properties?: Record<string, unknown>; allOf?: unknown[] } | undefined;
    return [...valuesOf(node?.properties?.[field]), ...(node?.allOf ?? []).flatMap((part) => enumOf(part, field))];
  };
  const matching = eventSchemas(doc).filter((schema) => enumOf(schema, 'type').includes(type) && (op === undefined || enumOf(schema, 'op').includes(op)));
  if (matching.length === 0) return undefined;
  const names = new Set<string>();
  for (const schema of matching) for (const name of documentedProperties(doc, schema)) names.add(name);
  return names;
}
