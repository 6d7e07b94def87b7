// upstream's linkifier endpoints over HTTP against the demo organization (which starts with none):
// administrators add, edit, reorder and remove them; everyone lists them; clients declaring
// linkifier_url_template hear every change as the whole new list.
import { beforeAll, describe, expect, test } from 'vitest';
import { createLinkifier, getLinkifiers, parseEvent } from '../../shared/api';
import { registerQueue } from '../testing/event-client';
import type { ApiClient } from '../testing/harness';
import { error, expectError, expectSuccess } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';

const { clients } = demoServerForFile();
let olivia: ApiClient, adam: ApiClient, mona: ApiClient, mark: ApiClient, gina: ApiClient;
beforeAll(() => {
  ({ olivia, adam, mona, mark, gina } = clients);
});

let patternCount = 0;
/** A pattern no other test uses (patterns are unique in an organization). */
const uniquePattern = () => `T${(patternCount += 1)}-(?P<id>[0-9]+)`;

async function added(client: ApiClient, pattern = uniquePattern(), urlTemplate = 'https://tracker.example/{id}'): Promise<number> {
  const response = await client.post('/realm/filters', { pattern, url_template: urlTemplate });
  expectSuccess(response);
  return createLinkifier.reply.parse(response.body).id;
}

async function listed(client: ApiClient = mark) {
  const response = await client.get('/realm/linkifiers');
  expectSuccess(response);
  return getLinkifiers.reply.parse(response.body).linkifiers;
}

describe('POST /realm/filters', () => {
  test('an administrator adds a linkifier; everyone sees it listed, last', async () => {
    const pattern = uniquePattern();
    const id = await added(adam, pattern);
    const all = await listed(gina);
    expect(all.at(-1)).toEqual({ pattern, url_template: 'https://tracker.example/{id}', id });
  });

  test('the pattern and template are stored trimmed', async () => {
    const pattern = uniquePattern();
    const id = await added(olivia, `  ${pattern} `, ' https://tracker.example/{id}  ');
    expect((await listed()).find((linkifier) => linkifier.id === id)).toMatchObject({ pattern, url_template: 'https://tracker.example/{id}' });
  });

  test.each([['moderator', () => mona], ['member', () => mark], ['guest', () => gina]] as const)('a %s is not an administrator', async (_role, client) => {
    const before = await listed();
    expectError(await client().post('/realm/filters', { pattern: uniquePattern(), url_template: 'https://tracker.example/{id}' }), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
    expect(await listed()).toEqual(before);
  });

  test("an invalid linkifier is refused with upstream's first message and every message by field", async () => {
    const response = await adam.post('/realm/filters', { pattern: '#(?P<id>[0-9]+', url_template: 'https://tracker.example/{id' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      error('Invalid URL template.', 'BAD_REQUEST', {
        errors: { url_template: ['Invalid URL template.'], __all__: ['Bad regular expression: missing ): #(?P<id>[0-9]+'] },
      }),
    );
  });

  test('the groups of the pattern and the variables of the template must match', async () => {
    expectError(
      await adam.post('/realm/filters', { pattern: uniquePattern(), url_template: 'https://tracker.example/{ticket}' }),
      'BAD_REQUEST',
      "Group 'ticket' in URL template is not present in linkifier pattern.",
    );
  });

  test('a pattern already in use is refused', async () => {
    const pattern = uniquePattern();
    await added(adam, pattern);
    expectError(await adam.post('/realm/filters', { pattern, url_template: 'https://elsewhere.example/{id}' }), 'BAD_REQUEST', 'Realm filter with this Realm and Pattern already exists.');
  });

  test('both fields are required', async () => {
    expectError(await adam.post('/realm/filters', { pattern: uniquePattern() }), 'REQUEST_VARIABLE_MISSING', "Missing 'url_template' argument");
  });
});

describe('PATCH /realm/filters/{filter_id}', () => {
  test('replaces the pattern and template, keeping the place in the order', async () => {
    const first = await added(adam);
    await added(adam);
    const pattern = uniquePattern();
    expectSuccess(await adam.patch(`/realm/filters/${first}`, { pattern, url_template: 'https://new.example/{id}' }));
    const all = await listed();
    expect(all.findIndex((linkifier) => linkifier.id === first)).toBe(all.length - 2);
    expect(all.find((linkifier) => linkifier.id === first)).toEqual({ id: first, pattern, url_template: 'https://new.example/{id}' });
  });

  test('a linkifier may keep its own pattern', async () => {
    const pattern = uniquePattern();
    const id = await added(adam, pattern);
    expectSuccess(await adam.patch(`/realm/filters/${id}`, { pattern, url_template: 'https://other.example/{id}' }));
  });

  test('an unknown linkifier is not found; a non-administrator is refused', async () => {
    expectError(await adam.patch('/realm/filters/987654', { pattern: uniquePattern(), url_template: 'https://x.example/{id}' }), 'BAD_REQUEST', 'Linkifier not found.');
    const id = await added(adam);
    expectError(await mark.patch(`/realm/filters/${id}`, { pattern: uniquePattern(), url_template: 'https://x.example/{id}' }), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
  });
});

describe('DELETE /realm/filters/{filter_id}', () => {
  test('removes the linkifier', async () => {
    const id = await added(adam);
    expectSuccess(await olivia.delete(`/realm/filters/${id}`));
    expect((await listed()).map((linkifier) => linkifier.id)).not.toContain(id);
    expectError(await olivia.delete(`/realm/filters/${id}`), 'BAD_REQUEST', 'Linkifier not found.');
  });

  test('only administrators remove linkifiers', async () => {
    const id = await added(adam);
    expectError(await mona.delete(`/realm/filters/${id}`), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
  });
});

describe('PATCH /realm/linkifiers (reorder)', () => {
  test('puts the linkifiers in the given order', async () => {
    await added(adam);
    const reversed = (await listed()).map((linkifier) => linkifier.id).reverse();
    expectSuccess(await adam.patch('/realm/linkifiers', { ordered_linkifier_ids: reversed }));
    expect((await listed()).map((linkifier) => linkifier.id)).toEqual(reversed);
  });

  test('the order must name every linkifier exactly once', async () => {
    const ids = (await listed()).map((linkifier) => linkifier.id);
    expectError(await adam.patch('/realm/linkifiers', { ordered_linkifier_ids: [...ids, ids[0]] }), 'BAD_REQUEST', 'The ordered list must not contain duplicated linkifiers');
    expectError(await adam.patch('/realm/linkifiers', { ordered_linkifier_ids: ids.slice(1) }), 'BAD_REQUEST', 'The ordered list must enumerate all existing linkifiers exactly once');
  });
});

describe('realm_linkifiers events', () => {
  test('every change reaches clients with linkifier_url_template as the whole list; others hear nothing', async () => {
    const modern = await registerQueue(gina, { event_types: ['realm_linkifiers'], client_capabilities: { linkifier_url_template: true } });
    const legacy = await registerQueue(mark, { event_types: ['realm_linkifiers'] });
    const id = await added(adam);
    expectSuccess(await adam.delete(`/realm/filters/${id}`));
    const events = await modern.drain();
    for (const event of events) expect(parseEvent(event)).toMatchObject({ success: true, data: { kind: 'known' } });
    expect(events).toHaveLength(2);
    expect((events[0]?.realm_linkifiers as { id: number }[]).map((linkifier) => linkifier.id)).toContain(id);
    expect(events[1]).toEqual({ id: expect.any(Number), type: 'realm_linkifiers', realm_linkifiers: await listed() });
    expect(await legacy.drain()).toEqual([]);
  });

  test('a refused change announces nothing', async () => {
    const queue = await registerQueue(gina, { event_types: ['realm_linkifiers'], client_capabilities: { linkifier_url_template: true } });
    expectError(await adam.post('/realm/filters', { pattern: '(', url_template: 'https://x.example/' }), 'BAD_REQUEST', /^Bad regular expression/);
    expect(await queue.drain()).toEqual([]);
  });
});
