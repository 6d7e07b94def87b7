// Malformed requests for the server fuzz test (server/http/fuzz.reliability.test.ts), as fast-check
// arbitraries: for every endpoint in shared/api's `endpoints`, its own parameters (and some it does
// not have) with wrong types, huge strings, bad JSON in form values, unknown and negative IDs, null
// bytes and lone surrogates; in every encoding upstream clients use and some they do not; with the
// right method or a wrong one; with good credentials, a member's, none, or broken ones.
import fc from 'fast-check';
import { endpoints, pathParamNames, type Endpoint } from '../../shared/api';

export interface FuzzRequest {
  method: string;
  /** Under the server's origin, with the query string if any. */
  path: string;
  headers: Record<string, string>;
  body?: string | FormData | Uint8Array;
  /** What the request is, for a failure's message. */
  label: string;
}

export interface FuzzCredentials {
  owner: { email: string; apiKey: string };
  member: { email: string; apiKey: string };
}

/** Form values that break parsers and checks: each was a real bug somewhere once. */
const NASTY_VALUES = [
  '', ' ', 'null', 'true', 'false', '0', '-1', '-0', '1.5', '-2147483649', '2147483648', '9007199254740993', '99999999999999999999999',
  '1e308', '-1e308', '1e-400', 'NaN', 'Infinity', '0x10', '[]', '{}', '[1,', '{"a":', '"unterminated', '\u0000', 'a\u0000b',
  '"\\u0000"', '["\\u0000"]', '[null]', '[-1]', '[0]', '[99999999]', '[9007199254740993]', '[1.5]', '["x"]', '[[1]]', '[{}]',
  '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}', '%00', '../../../etc/passwd', '<script>alert(1)</script>',
  '\ud800', '😀', 'stream:general', '[{"operator":"channel","operand":"general"}]', '[{"operator":"search","operand":"\\u0000"}]',
  '[["channel","general"]]', '{"emoji_name":"\\u0000"}', 'role:owners', '100', '200', '600', '-100',
];

/** Values that fit many parameters (IDs in the demo, booleans, channel and address names), so a request gets past its first check. */
const PLAUSIBLE_VALUES = [
  '1', '2', '3', '8', '10', '15', '40', '100', '300', '400', '600', 'true', 'false', '[1]', '[1,2]', '[3]', '["general"]', 'general',
  'engineering', 'mark@sandbox.test', 'new.person@example.com', '"x"', 'x', '[]', '{}', 'newest', 'oldest', 'first_unread', 'stream',
  'private', 'channel', '[{"operator":"channel","operand":"general"}]', '{"emoji_code":"1f600","emoji_name":"smile"}', '60', '-1',
];

/** A list of tens of thousands of IDs, as a bulk call would never need. */
const manyIds = fc.constantFrom(20_000, 60_000).map((count) => JSON.stringify(Array.from({ length: count }, (_, i) => i + 1)));

const huge = fc.constantFrom(70_000, 400_000, 2_000_000).map((size) => 'x'.repeat(size));
const deepJson = fc.constantFrom(1_000, 100_000).map((depth) => '['.repeat(depth) + ']'.repeat(depth));

/** One form value: mostly small and wrong, now and then enormous. */
export const formValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...PLAUSIBLE_VALUES) },
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_VALUES) },
  { weight: 3, arbitrary: fc.integer({ min: -(2 ** 31), max: 2 ** 31 }).map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.array(fc.integer({ min: -5, max: 100_000 }), { maxLength: 6 }).map((ids) => JSON.stringify(ids)) },
  { weight: 1, arbitrary: huge },
  { weight: 1, arbitrary: deepJson },
  { weight: 1, arbitrary: manyIds },
);

/** A path ID: an existing one, an unknown one, one past every integer type, or not a number at all. */
const pathId: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 80 }).map(String) },
  { weight: 2, arbitrary: fc.constantFrom('0', '2147483648', '9007199254740993', '99999999999999999999999', '000001') },
  { weight: 1, arbitrary: fc.nat().map(String) },
  { weight: 1, arbitrary: fc.constantFrom('-1', 'abc', '1.5', '%00', '1e3') },
);

const FORM = 'application/x-www-form-urlencoded';
const ENDPOINTS: readonly Endpoint[] = Object.values(endpoints);
const METHODS = ['GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS'] as const;
const EXTRA_NAMES = ['__proto__', 'constructor', 'queue_id', 'anchor', 'x', 'emails[]'];

type Encoding = 'form' | 'query' | 'json' | 'bad-json' | 'multipart' | 'text' | 'none' | 'bad-percent' | 'bad-utf8' | 'file-part' | 'twice';
type Auth = 'owner' | 'member' | 'none' | 'garbage' | 'wrong-key' | 'no-colon' | 'bearer' | 'unknown-email';

function authHeader(auth: Auth, credentials: FuzzCredentials, garbage: string): Record<string, string> {
  const basic = (text: string) => ({ authorization: `Basic ${Buffer.from(text, 'utf8').toString('base64')}` });
  switch (auth) {
    case 'owner':
      return basic(`${credentials.owner.email}:${credentials.owner.apiKey}`);
    case 'member':
      return basic(`${credentials.member.email}:${credentials.member.apiKey}`);
    case 'none':
      return {};
    case 'garbage':
      return { authorization: garbage.replace(/[\r\n]/g, ' ') };
    case 'wrong-key':
      return basic(`${credentials.owner.email}:${garbage}`);
    case 'no-colon':
      return basic(credentials.owner.email);
    case 'bearer':
      return { authorization: `Bearer ${credentials.owner.apiKey}` };
    case 'unknown-email':
      return basic(`nobody@nowhere.test:${credentials.owner.apiKey}`);
  }
}

/** Header values must be Latin-1 without control characters, or fetch refuses to send them. */
const headerSafe = fc.string({ maxLength: 30 }).map((text) => text.replace(/[^\x20-\x7e]/g, '?'));

export function fuzzRequest(credentials: FuzzCredentials): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      endpoint: fc.constantFrom(...ENDPOINTS),
      unknownPath: rarely(fc.stringMatching(/^\/[a-z_/{}0-9]{0,30}$/), 12),
      method: rarely(fc.constantFrom(...METHODS), 6),
      ids: fc.array(pathId, { minLength: 2, maxLength: 2 }),
      // Each parameter of the endpoint in turn: left out, or given a value.
      values: fc.array(fc.option(formValue, { freq: 3 }), { minLength: 12, maxLength: 12 }),
      extra: rarely(fc.tuple(fc.constantFrom(...EXTRA_NAMES), formValue), 4),
      encoding: fc.oneof(
        { weight: 6, arbitrary: fc.constant<Encoding>('form') },
        { weight: 2, arbitrary: fc.constantFrom<Encoding>('query', 'json', 'multipart') },
        { weight: 1, arbitrary: fc.constantFrom<Encoding>('bad-json', 'text', 'none', 'bad-percent', 'bad-utf8', 'file-part', 'twice') },
      ),
      auth: fc.oneof(
        { weight: 12, arbitrary: fc.constant<Auth>('owner') },
        { weight: 3, arbitrary: fc.constant<Auth>('member') },
        { weight: 3, arbitrary: fc.constantFrom<Auth>('none', 'garbage', 'wrong-key', 'no-colon', 'bearer', 'unknown-email') },
      ),
      garbage: headerSafe,
    })
    .map(({ endpoint, unknownPath, method, ids, values, extra, encoding, auth, garbage }) => {
      const names = Object.keys(endpoint.params.shape).filter((name) => !pathParamNames(endpoint.path).includes(name));
      const params: [string, string][] = names.flatMap((name, index) => {
        const value = values[index % values.length];
        return value === null || value === undefined ? [] : [[name, value] as [string, string]];
      });
      if (extra) params.push(extra);
      let filled = endpoint.path;
      pathParamNames(endpoint.path).forEach((name, index) => (filled = filled.replace(`{${name}}`, ids[index % ids.length] ?? '1')));
      const apiPath = `/api/v1${unknownPath ?? filled}`;
      const verb = method ?? endpoint.method;
      const headers = authHeader(auth, credentials, garbage);
      const label = `${verb} ${apiPath} [${encoding}, auth ${auth}] ${JSON.stringify(params.map(([name, value]) => [name, value.length > 60 ? `${value.slice(0, 20)}… (${value.length} chars)` : value]))}`;
      const form = new URLSearchParams(params);
      switch (encoding) {
        case 'query':
          return { method: verb, path: `${apiPath}?${form}`, headers, label };
        case 'form':
          return { method: verb, path: apiPath, headers: { ...headers, 'content-type': FORM }, body: form.toString(), label };
        case 'json':
          return { method: verb, path: apiPath, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(Object.fromEntries(params.map(([name, value]) => [name, jsonish(value)]))), label };
        case 'bad-json':
          return { method: verb, path: apiPath, headers: { ...headers, 'content-type': 'application/json' }, body: `{"${params[0]?.[0] ?? 'a'}": ${params[0]?.[1] ?? '['}`, label };
        case 'multipart': {
          const data = new FormData();
          for (const [name, value] of params) data.append(name, value);
          return { method: verb, path: apiPath, headers, body: data, label };
        }
        case 'text':
          return { method: verb, path: apiPath, headers: { ...headers, 'content-type': 'text/plain' }, body: form.toString(), label };
        case 'none':
          return { method: verb, path: apiPath, headers, label };
        case 'bad-percent':
          // Escapes that decode to nothing, or to half a UTF-8 character.
          return { method: verb, path: `${apiPath}?${params[0]?.[0] ?? 'a'}=%zz%E0%A4%`, headers: { ...headers, 'content-type': FORM }, body: `${form}&${params[1]?.[0] ?? 'b'}=%`, label };
        case 'bad-utf8': {
          const bytes = Buffer.concat([Buffer.from(`${form}&${params[0]?.[0] ?? 'a'}=`), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80])]);
          return { method: verb, path: apiPath, headers: { ...headers, 'content-type': FORM }, body: new Uint8Array(bytes), label };
        }
        case 'file-part': {
          // A file where the endpoint expects form fields.
          const data = new FormData();
          for (const [name, value] of params) data.append(name, new Blob([value]), 'fuzz.txt');
          return { method: verb, path: apiPath, headers, body: data, label };
        }
        case 'twice':
          // Each parameter in the query string and, with another value, in the body.
          return { method: verb, path: `${apiPath}?${form}`, headers: { ...headers, 'content-type': FORM }, body: new URLSearchParams(params.map(([name]): [string, string] => [name, '[]'])).toString(), label };
      }
    })
    .map((request) => (request.method === 'GET' || request.method === 'OPTIONS' ? dropBody(request) : request))
    // A counterexample is reported by its label: the request itself may hold megabytes.
    .map((request) => Object.assign(request, { [fc.toStringMethod]: () => request.label }));
}

/** `arbitrary`'s value once in `every` requests, else null. */
function rarely<T>(arbitrary: fc.Arbitrary<T>, every: number): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: every - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });
}

/** A value as a JSON body carries it: parsed where it parses, else the string. */
function jsonish(value: string): unknown {
  // A deep nest stays text here: this test's own JSON.stringify would overflow the stack on it.
  if (value.length > 10_000) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** fetch sends no body with GET; its parameters go in the query string instead. */
function dropBody(request: FuzzRequest): FuzzRequest {
  if (request.body === undefined) return request;
  const query = typeof request.body === 'string' && request.headers['content-type'] === FORM ? `?${request.body}` : '';
  const { body: _body, ...rest } = request;
  const headers = { ...rest.headers };
  delete headers['content-type'];
  return { ...rest, headers, path: request.path.includes('?') ? request.path : `${request.path}${query}` };
}
