// The whole-reply validator (upstream-schema.ts) on upstream's own file: every reply and event example
// upstream publishes is valid against the schema it sits in, bar two that contradict their own schema,
// and a reply that breaks the schema in any way (an extra field, a missing one, a wrong type, null, a
// value outside an enum) is refused. Skipped, like every test of the file, when it is not on this machine.
import { describe, expect, test } from 'vitest';
import { eventSchemas, examplesIn, replyExamples, skipReason, upstreamOpenApi } from './upstream-openapi';
import { upstreamValidator } from './upstream-schema';

if (skipReason) console.warn(skipReason);
const doc = upstreamOpenApi();
const validator = doc ? upstreamValidator(doc) : null;

interface Example {
  id: string;
  check: () => string[] | undefined;
}

function replyCases(): Example[] {
  if (!doc || !validator) return [];
  return Object.entries(doc.paths).flatMap(([apiPath, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) =>
      replyExamples(doc, operation).map(({ status, body }, index) => ({
        id: `${method.toUpperCase()} ${apiPath} ${status} #${String(index)}`,
        check: () => validator.reply(method, apiPath, body, Number(status)),
      })),
    ),
  );
}

function eventCases(): Example[] {
  if (!doc || !validator) return [];
  return eventSchemas(doc).flatMap((schema, item) =>
    examplesIn(doc, schema).map((example, index) => {
      const event = { id: 0, ...(example as { type: string }) };
      return { id: `event ${event.type} (oneOf #${String(item)}, example #${String(index)})`, check: () => validator.event(event) };
    }),
  );
}

/** Upstream examples that contradict the schema they are published in; each must keep failing. */
const UPSTREAM_SLIPS: Record<string, string> = {
  'PATCH /messages/{message_id} 400 #2': 'the example carries the move limits, which no error schema of the operation lists',
  'POST /rest-error-handling 429 #5': "`retry-after` is 0.xx seconds in the example, an integer in the schema",
};

const cases = [...replyCases(), ...eventCases()];

// Skipped only when upstream's OpenAPI file is not on this machine (a clone with nothing beside it):
// the file is upstream's, not the repository's; `skipReason`, printed above, says where it was looked for.
describe.skipIf(!doc)("upstream's examples against their own schemas (feature level 247)", () => {
  test('the walk finds the file\'s examples', () => {
    // Floors a little under today's counts (178 reply and 71 event examples).
    expect(cases.filter((c) => !c.id.startsWith('event')).length).toBeGreaterThanOrEqual(160);
    expect(cases.filter((c) => c.id.startsWith('event')).length).toBeGreaterThanOrEqual(65);
  });

  test.each(cases.filter((c) => !(c.id in UPSTREAM_SLIPS)).map((c) => [c.id, c] as const))('%s is valid', (_id, c) => {
    expect(c.check()).toEqual([]);
  });

  test.each(Object.entries(UPSTREAM_SLIPS))('%s is refused: %s', (id) => {
    const c = cases.find((candidate) => candidate.id === id);
    expect(c, `no upstream example named ${id}`).toBeDefined();
    expect(c?.check()?.length).toBeGreaterThan(0);
  });
});

type UserReply = Record<string, unknown> & { user: Record<string, unknown> };

/** A fresh copy of upstream's 200 example of an operation. */
function example200<T>(apiPath: string): T {
  const operation = doc?.paths[apiPath]?.get;
  const body = operation && doc ? replyExamples(doc, operation).find((candidate) => candidate.status === '200')?.body : undefined;
  return structuredClone(body) as T;
}

// Skipped only when upstream's OpenAPI file is not on this machine (a clone with nothing beside it):
// the file is upstream's, not the repository's; `skipReason`, printed above, says where it was looked for.
describe.skipIf(!doc)('a reply that breaks the schema is refused', () => {
  const check = (body: unknown) => validator?.reply('GET', '/users/{user_id}', body);

  test('the example itself is valid', () => expect(check(example200('/users/{user_id}'))).toEqual([]));

  test.each<[string, (body: UserReply) => void, string]>([
    ['an undocumented field', (body) => (body.user.pronouns = 'they'), "/user must NOT have additional properties 'pronouns'"],
    ['an undocumented top-level field', (body) => (body.extra = 1), "(body) must NOT have additional properties 'extra'"],
    ['a wrong type', (body) => (body.user.user_id = '10'), '/user/user_id must be integer'],
    ['null where the field is not nullable', (body) => (body.user.full_name = null), '/user/full_name must be string'],
    ['a value outside the enum', (body) => (body.result = 'ok'), '/result must be equal to one of the allowed values ["success"]'],
  ])('%s', (_name, spoil, problem) => {
    const body = example200<UserReply>('/users/{user_id}');
    spoil(body);
    expect(check(body)).toContain(problem);
  });

  test('a missing required field', () => {
    const body = example200<{ stream: Record<string, unknown> }>('/streams/{stream_id}');
    expect(validator?.reply('GET', '/streams/{stream_id}', body)).toEqual([]);
    delete body.stream.first_message_id;
    expect(validator?.reply('GET', '/streams/{stream_id}', body)).toContain("/stream must have required property 'first_message_id'");
  });

  test('null is accepted where upstream marks the field nullable', () => {
    const body = example200<UserReply>('/users/{user_id}');
    body.user.bot_type = null;
    body.user.delivery_email = null;
    expect(check(body)).toEqual([]);
  });

  test('an event of a kind the file does not document is undefined, one that breaks its schema is refused', () => {
    expect(validator?.event({ type: 'channel_folder', op: 'add' })).toBeUndefined();
    expect(validator?.event({ id: 1, type: 'invites_changed', extra: true } as { type: string })).toContain("(body) must NOT have additional properties 'extra'");
  });
});
