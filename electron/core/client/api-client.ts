// The console's HTTP client for a realm: every endpoint in shared/api, with the spec's request encoding
// (encode.ts), HTTP Basic credentials, replies checked at the edge (reply.ts), Retry-After honoured on
// 429, and a timeout on every request. Every failure is a ConsoleError, so the router hands screens the
// server's code and extra fields, or the console's own code with words that say what to do.
import type { z } from 'zod';
import { uploadFile, type Endpoint } from '../../../shared/api';
import { ConsoleError } from '../errors';
import { encodeRequest } from './encode';
import { networkError, timeoutError } from './network-error';
import { cleartextRefused, isCleartext, normalizeRealmUrl } from './realm-url';
import { describeIssues, issueList, rateLimitError, readReply, retryAfterSeconds, type RawReply, type ReplyContext } from './reply';

export { normalizeRealmUrl } from './realm-url';

export interface Credentials {
  email: string;
  apiKey: string;
}

export interface ApiClientOptions {
  /** Normalized base URL, no trailing slash (normalizeRealmUrl). */
  realmUrl: string;
  /**
   * Omitted: unauthenticated calls (fetch_api_key, server_settings). A function is asked at each
   * authenticated request, so a key that cannot be opened fails that request, not the client's creation.
   */
  credentials?: Credentials | (() => Credentials);
  /** Default 30_000. */
  timeoutMs?: number;
  /** Default 3. */
  maxRateLimitRetries?: number;
  /** Injectable so tests need not wait. */
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof globalThis.fetch;
  /**
   * The user agreed to reach this realm over http:// across a network (realm-url.ts isCleartext);
   * without it every request to such a realm is refused before it is sent.
   */
  allowCleartext?: boolean;
  /** Hears every request's outcome, for the log: never its headers or body. */
  onExchange?: (exchange: Exchange) => void;
}

/** One request as the log records it. */
export interface Exchange {
  realmUrl: string;
  method: string;
  /** The path without its query string (where parameters, never credentials, would be). */
  path: string;
  /** The HTTP status; null when no reply came. */
  status: number | null;
  ms: number;
  /** Why no reply came: the ConsoleError's code and words. */
  failure?: string;
  reason?: string;
}

export interface CallOptions {
  /** This request's timeout instead of the client's (a long-poll needs longer than a heartbeat). */
  timeoutMs?: number;
  /** Aborting it ends the request (or the wait before a retry) with ConsoleError('ABORTED'). */
  signal?: AbortSignal;
}

export interface ApiResult<R> {
  value: R;
  /** The request's parameters the server does not support (spec Conventions 2), for the screen to say so. */
  ignored: string[];
}

export interface UploadedFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RATE_LIMIT_RETRIES = 3;
/**
 * A 429 asking for a longer wait than this is passed to the caller at once rather than waited out:
 * a screen should say "try again in N minutes" rather than hang. Upstream's limits are per minute.
 */
const MAX_RATE_LIMIT_WAIT_SECONDS = 60;
const API_PREFIX = '/api/v1';
// Servers log the client; the version is not needed to tell the console apart.
const USER_AGENT = 'RealmConsole';

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class ApiClient {
  readonly realmUrl: string;
  private readonly credentials: Credentials | (() => Credentials) | undefined;
  private readonly timeoutMs: number;
  private readonly maxRateLimitRetries: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly fetch: typeof globalThis.fetch;
  private readonly refusal: ConsoleError | null;
  private readonly onExchange: ((exchange: Exchange) => void) | undefined;

  constructor(options: ApiClientOptions) {
    // Idempotent on a normalized URL; saves a stray "/api/v1" from doubling in every request.
    this.realmUrl = normalizeRealmUrl(options.realmUrl);
    this.credentials = options.credentials;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxRateLimitRetries = options.maxRateLimitRetries ?? DEFAULT_RATE_LIMIT_RETRIES;
    this.sleep = options.sleep ?? defaultSleep;
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    // Checked at each request, not here: a saved account from before the rule must stay listed (and
    // say why it cannot connect) rather than stop the sessions from starting.
    this.refusal = isCleartext(this.realmUrl) && !options.allowCleartext ? cleartextRefused(this.realmUrl) : null;
    this.onExchange = options.onExchange;
  }

  async call<E extends Endpoint>(
    endpoint: E,
    params: z.input<E['params']>,
    options: CallOptions = {},
  ): Promise<ApiResult<z.output<E['reply']>>> {
    const ctx = this.context(endpoint);
    if (endpoint.upload) {
      throw new ConsoleError('INVALID_INPUT', `${ctx.endpoint} takes a file: send it with upload().`, { endpoint: ctx.endpoint });
    }
    // A bad call is the core's bug; catch it here rather than spend a request on a 400.
    const checked = endpoint.params.safeParse(params);
    if (!checked.success) {
      throw new ConsoleError(
        'INVALID_INPUT',
        `${ctx.endpoint} was called with parameters the API does not allow: ${describeIssues(checked.error.issues)}`,
        { endpoint: ctx.endpoint, issues: issueList(checked.error.issues) },
      );
    }
    // The caller's values are sent, not the parsed ones: the server applies its own defaults, and a
    // parameter the schema does not know still reaches it (and comes back in `ignored`).
    const { pathAndQuery, body } = encodeRequest(endpoint, params as Record<string, unknown>);
    return this.send(endpoint, ctx, pathAndQuery, body, options);
  }

  /** spec 23: the file as the multipart body. */
  async upload(file: UploadedFile, options: CallOptions = {}): Promise<ApiResult<z.output<(typeof uploadFile)['reply']>>> {
    const form = new FormData();
    const blob = new Blob([new Uint8Array(file.bytes)], { type: file.type || 'application/octet-stream' });
    form.append('file', blob, file.name);
    return this.send(uploadFile, this.context(uploadFile), uploadFile.path, form, options);
  }

  private context(endpoint: Endpoint): ReplyContext {
    return { realmUrl: this.realmUrl, endpoint: `${endpoint.method} ${endpoint.path}` };
  }

  private async send<E extends Endpoint>(
    endpoint: E,
    ctx: ReplyContext,
    pathAndQuery: string,
    body: URLSearchParams | FormData | undefined,
    options: CallOptions,
  ): Promise<ApiResult<z.output<E['reply']>>> {
    for (let attempt = 0; ; attempt++) {
      const reply = await this.exchange(endpoint, ctx, pathAndQuery, body, options);
      if (reply.status === 429) {
        const wait = retryAfterSeconds(reply);
        if (attempt >= this.maxRateLimitRetries || wait > MAX_RATE_LIMIT_WAIT_SECONDS) throw rateLimitError(reply, ctx, wait);
        await this.pause(wait * 1000, ctx, options.signal);
        continue;
      }
      const value = readReply<E['reply']>(reply, endpoint.reply, ctx);
      return { value, ignored: ignoredParameters(value) };
    }
  }

  /** One HTTP request and its whole body, under the timeout and the caller's signal. */
  private async exchange(
    endpoint: Endpoint,
    ctx: ReplyContext,
    pathAndQuery: string,
    body: URLSearchParams | FormData | undefined,
    options: CallOptions,
  ): Promise<RawReply> {
    const { signal } = options;
    if (signal?.aborted) throw abortedError(ctx);
    if (this.refusal) throw this.refusal;
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const url = `${this.realmUrl}${API_PREFIX}${pathAndQuery}`;
    const started = Date.now();
    const record = (status: number | null, failure?: ConsoleError) =>
      this.onExchange?.({
        realmUrl: this.realmUrl,
        method: endpoint.method,
        path: API_PREFIX + pathAndQuery.split('?')[0],
        status,
        ms: Date.now() - started,
        ...(failure ? { failure: failure.code, reason: failure.message } : {}),
      });
    try {
      const response = await this.fetch(url, {
        method: endpoint.method,
        headers: this.headers(endpoint),
        body,
        signal: controller.signal,
        // Following a redirect would turn a POST into a GET, or send credentials on to another host.
        redirect: 'manual',
      });
      if (response.status >= 300 && response.status < 400) {
        record(response.status);
        await response.body?.cancel();
        throw redirectError(response, url, pathAndQuery, ctx);
      }
      // The timer keeps running while the body arrives: a server may stall after its headers.
      const text = await response.text();
      record(response.status);
      return { status: response.status, headers: response.headers, text };
    } catch (error) {
      if (error instanceof ConsoleError) throw error;
      const failure = signal?.aborted ? abortedError(ctx) : timedOut ? timeoutError(this.realmUrl, ctx.endpoint, timeoutMs) : networkError(error, this.realmUrl, ctx.endpoint);
      record(null, failure);
      throw failure;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  private headers(endpoint: Endpoint): Record<string, string> {
    const headers: Record<string, string> = { Accept: 'application/json', 'User-Agent': USER_AGENT };
    // An endpoint without authentication never gets the key (spec Authentication 2: fetch_api_key).
    if (this.credentials && endpoint.auth !== 'none') {
      const { email, apiKey } = typeof this.credentials === 'function' ? this.credentials() : this.credentials;
      headers.Authorization = `Basic ${Buffer.from(`${email}:${apiKey}`, 'utf8').toString('base64')}`;
    }
    return headers;
  }

  /** The wait before a retry; the caller's signal still ends it. */
  private async pause(ms: number, ctx: ReplyContext, signal: AbortSignal | undefined): Promise<void> {
    if (!signal) return this.sleep(ms);
    if (signal.aborted) throw abortedError(ctx);
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => reject(abortedError(ctx));
      signal.addEventListener('abort', onAbort, { once: true });
      this.sleep(ms).then(
        () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }
}

function ignoredParameters(value: unknown): string[] {
  const ignored = (value as { ignored_parameters_unsupported?: unknown } | null)?.ignored_parameters_unsupported;
  return Array.isArray(ignored) ? ignored.filter((name): name is string => typeof name === 'string') : [];
}

function abortedError(ctx: ReplyContext): ConsoleError {
  return new ConsoleError('ABORTED', `${ctx.endpoint} was cancelled before ${ctx.realmUrl} answered.`, { endpoint: ctx.endpoint });
}

/**
 * A realm address that redirects (http:// to https://, or an old name to a new one) should be
 * replaced by where it leads, so the error names the address to use when it can tell.
 */
function redirectError(response: Response, url: string, pathAndQuery: string, ctx: ReplyContext): ConsoleError {
  const location = response.headers.get('location');
  const extra: Record<string, unknown> = { httpStatus: response.status, endpoint: ctx.endpoint, location };
  const target = location && URL.canParse(location, url) ? new URL(location, url) : null;
  const apiPath = API_PREFIX + pathAndQuery.split('?')[0];
  if (target && target.pathname.endsWith(apiPath)) {
    const suggested = `${target.origin}${target.pathname.slice(0, -apiPath.length)}`;
    extra.suggestedRealmUrl = suggested;
    return new ConsoleError('INVALID_REPLY', `${ctx.realmUrl} redirects to ${suggested}. Use ${suggested} as the server's address.`, extra);
  }
  return new ConsoleError(
    'INVALID_REPLY',
    `${ctx.realmUrl} redirected ${ctx.endpoint} to ${location ?? 'another address'} instead of answering: it does not look like a team-chat server. Check the address.`,
    extra,
  );
}
