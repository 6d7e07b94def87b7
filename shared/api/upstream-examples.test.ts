// Contract test: every example in upstream's OpenAPI description (feature level 247) for an endpoint or
// event kind that shared/api defines must parse with our schema. Where the spec and upstream truly
// differ, the spec wins: those examples are listed in SPEC_DIFFERENCES with the reason, and the test
// checks that they still fail (so the list cannot go stale).
//
// The description is upstream's zerver/openapi/zulip.yaml at feature level 247, found as
// shared/node/testing/upstream-openapi.ts says; without it these tests are skipped, with one line
// saying where to put it.
import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { eventSchemas as upstreamEventSchemas, examplesIn, replyExamples, skipReason, upstreamOpenApi, type OpenApi } from '../node/testing/upstream-openapi';
import { endpoints, type Endpoint } from './index';
import { parseErrorBody } from './errors';
import { eventSchemas, isKnownEventKind } from './events';

if (skipReason) console.warn(skipReason);
const doc = upstreamOpenApi();
const found = doc !== null;

const samePath = (ours: string, theirs: string) => ours.replace(/\{\w+\}/g, '{}') === theirs.replace(/\{\w+\}/g, '{}');

function ourEndpoint(method: string, yamlPath: string): [string, Endpoint] | undefined {
  return Object.entries(endpoints).find(([, e]) => e.method === method.toUpperCase() && samePath(e.path, yamlPath));
}

interface Case {
  id: string;
  schema: z.ZodType | 'error';
  body: unknown;
}

function collectCases(doc: OpenApi): Case[] {
  const cases: Case[] = [];
  for (const [yamlPathKey, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const match = ourEndpoint(method, yamlPathKey);
      if (!match) continue;
      const [name, ours] = match;
      replyExamples(doc, operation).forEach(({ status, body }, index) => {
        const kind = body.result === 'success' ? 'success' : String(body.code);
        cases.push({
          id: `${method.toUpperCase()} ${yamlPathKey} ${status} #${index} ${kind} (${name})`,
          schema: body.result === 'success' ? ours.reply : 'error',
          body,
        });
      });
    }
  }
  return cases;
}

function collectEventCases(doc: OpenApi): Case[] {
  const cases: Case[] = [];
  upstreamEventSchemas(doc).forEach((item) => {
    for (const example of examplesIn(doc, item)) {
      const type = (example as { type?: unknown }).type;
      if (typeof type !== 'string' || !isKnownEventKind(type)) continue;
      const op = (example as { op?: unknown }).op;
      const name = `event ${type}${typeof op === 'string' ? `/${op}` : ''}`;
      const nth = cases.filter((c) => c.id.startsWith(`${name} #`)).length;
      // Some of upstream's event examples leave out `id`, which the queue adds to every event it delivers.
      const body = { id: 0, ...(example as object) };
      cases.push({ id: `${name} #${nth}`, schema: eventSchemas[type], body });
    }
  });
  return cases;
}

/**
 * Examples that our schemas refuse on purpose, because the spec (or a later feature level, which the
 * sandbox serves) says otherwise. Each must keep failing.
 */
const SPEC_DIFFERENCES: Record<string, string> = {
  'GET /messages 200 #0 success (getMessages)':
    'the spec lists found_oldest and history_limited in every get-messages reply; the example leaves them out',
  'POST /user_groups/create 200 #0 success (createUserGroup)':
    'every reply carries group_id, which upstream added at feature level 317 (https://zulip.com/api/create-user-group); the example at 247 is a bare success',
  'event subscription/add #0':
    'the spec gives every subscription date_created, creator_id, folder_id, topics_policy, is_recently_active and the group settings; the example predates them',
};

const cases = doc ? [...collectCases(doc), ...collectEventCases(doc)] : [];

function check(c: Case) {
  return c.schema === 'error' ? parseErrorBody(c.body) : c.schema.safeParse(c.body);
}

// Skipped only when upstream's OpenAPI file is not on this machine (a clone with nothing beside it):
// the file is upstream's, not the repository's; the line printed at load says where it was looked for.
describe.skipIf(!found)('upstream OpenAPI examples (feature level 247)', () => {
  test('examples were found for the endpoints and events shared/api defines', () => {
    // Floors under today's counts (94 reply and 43 event examples): a broken walk of the file finds far fewer.
    expect(cases.filter((c) => !c.id.startsWith('event')).length).toBeGreaterThanOrEqual(50);
    expect(cases.filter((c) => c.id.startsWith('event')).length).toBeGreaterThanOrEqual(35);
  });

  test.each(cases.filter((c) => !(c.id in SPEC_DIFFERENCES)).map((c) => [c.id, c] as const))('%s parses', (_id, c) => {
    const result = check(c);
    expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  });

  test.each(Object.entries(SPEC_DIFFERENCES))('%s is refused because %s', (id) => {
    const c = cases.find((candidate) => candidate.id === id);
    expect(c, `no upstream example named ${id}`).toBeDefined();
    if (c) expect(check(c).success).toBe(false);
  });
});
