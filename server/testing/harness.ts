// A real sandbox server on a fresh data directory, and clients that talk to it over real HTTP the way
// upstream clients do (form-encoded, JSON inside form values). Tests set up and check through it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ManualClock } from '../lib/clock';
import type { SeedName, ServerConfig } from '../config';
import { startServer, type RunningServer } from '../start';

export const DEMO_PASSWORD = 'sandbox';

export interface ApiResponse {
  status: number;
  body: Record<string, unknown> & { result?: string; msg?: string; code?: string };
  headers: Headers;
}

export interface ApiClient {
  readonly email: string | null;
  readonly apiKey: string | null;
  get(apiPath: string, params?: Record<string, unknown>, signal?: AbortSignal): Promise<ApiResponse>;
  post(apiPath: string, params?: Record<string, unknown>): Promise<ApiResponse>;
  patch(apiPath: string, params?: Record<string, unknown>): Promise<ApiResponse>;
  delete(apiPath: string, params?: Record<string, unknown>): Promise<ApiResponse>;
  /** A multipart POST, as zulip-js and other upstream clients send. */
  postMultipart(apiPath: string, form: FormData): Promise<ApiResponse>;
  /** A multipart PATCH (the spec lets any POST or PATCH be multipart). */
  patchMultipart(apiPath: string, form: FormData): Promise<ApiResponse>;
}

export interface TestServer {
  readonly url: string;
  readonly dataDir: string;
  readonly clock: ManualClock;
  /** A client signed in as this account (password "sandbox", via POST /fetch_api_key). */
  as(email: string): Promise<ApiClient>;
  /** A client that sends the given credentials as they are. */
  withCredentials(email: string, apiKey: string): ApiClient;
  /** A client without credentials. */
  anonymous(): ApiClient;
  /** Stops the server and starts it again on the same data directory. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  seed?: SeedName;
  /** The large and huge seeds' size (`--users N`). */
  seedUsers?: number;
  config?: Partial<ServerConfig>;
  clock?: ManualClock;
}

/** Encodes parameters as upstream clients do: strings as they are, everything else as JSON. */
export function encodeParams(params: Record<string, unknown> = {}): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    form.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return form;
}

function client(baseUrl: () => string, email: string | null, apiKey: string | null): ApiClient {
  const headers: Record<string, string> = {};
  if (email !== null && apiKey !== null) headers.authorization = `Basic ${Buffer.from(`${email}:${apiKey}`).toString('base64')}`;
  const send = async (method: string, apiPath: string, params?: Record<string, unknown>, form?: FormData, signal?: AbortSignal): Promise<ApiResponse> => {
    const url = new URL(`/api/v1${apiPath}`, baseUrl());
    let body: URLSearchParams | FormData | undefined;
    if (form) body = form;
    else if (method === 'GET' || method === 'DELETE') url.search = encodeParams(params).toString();
    else body = encodeParams(params);
    const response = await fetch(url, { method, headers, body, signal });
    const text = await response.text();
    let parsed: ApiResponse['body'];
    try {
      parsed = JSON.parse(text) as ApiResponse['body'];
    } catch {
      parsed = { raw: text };
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };
  return {
    email,
    apiKey,
    get: (p, params, signal) => send('GET', p, params, undefined, signal),
    post: (p, params) => send('POST', p, params),
    patch: (p, params) => send('PATCH', p, params),
    delete: (p, params) => send('DELETE', p, params),
    postMultipart: (p, form) => send('POST', p, undefined, form),
    patchMultipart: (p, form) => send('PATCH', p, undefined, form),
  };
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sandbox-test-'));
  const clock = options.clock ?? new ManualClock();
  const size = options.seedUsers === undefined ? {} : { seedUsers: options.seedUsers };
  const boot = () => startServer({ port: 0, dataDir, seed: options.seed ?? 'demo', ...size, clock, config: options.config });
  let running: RunningServer = await boot();
  const baseUrl = () => running.url;
  return {
    get url() {
      return running.url;
    },
    dataDir,
    clock,
    async as(email) {
      const response = await client(baseUrl, null, null).post('/fetch_api_key', { username: email, password: DEMO_PASSWORD });
      if (response.status !== 200) throw new Error(`could not sign in as ${email}: ${JSON.stringify(response.body)}`);
      return client(baseUrl, email, String(response.body.api_key));
    },
    withCredentials: (email, apiKey) => client(baseUrl, email, apiKey),
    anonymous: () => client(baseUrl, null, null),
    async restart() {
      await running.close();
      running = await boot();
    },
    async close() {
      await running.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
