// The spec's response envelopes (Conventions 2 and 3) and the shape of an endpoint definition.
import { z } from 'zod';

/** Unsupported request parameters are listed rather than rejected (since feature level 167). */
export const IgnoredParameters = z.array(z.string());

/**
 * A success reply: `result: "success"`, `msg`, the endpoint's own fields, and maybe
 * `ignored_parameters_unsupported`. Unknown fields are kept, so a newer server does not break parsing.
 */
export function successEnvelope<S extends z.ZodRawShape>(shape: S) {
  return z.looseObject({
    result: z.literal('success'),
    msg: z.string(),
    ignored_parameters_unsupported: IgnoredParameters.optional(),
    ...shape,
  });
}

/** The empty success reply most mutations return. */
export const EmptySuccess = successEnvelope({});
export type EmptySuccess = z.infer<typeof EmptySuccess>;

/** An error reply with one code and that code's extra fields (spec Errors). */
export function errorEnvelope<C extends string, S extends z.ZodRawShape>(code: C, extra: S) {
  return z.looseObject({
    result: z.literal('error'),
    msg: z.string(),
    code: z.literal(code),
    ...extra,
  });
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** How a request authenticates (spec Authentication). */
export type AuthKind = 'basic' | 'none' | 'optional';

export interface Endpoint<P extends z.ZodObject = z.ZodObject, R extends z.ZodType = z.ZodType> {
  /** The spec's endpoint number, or undefined for an upstream endpoint the spec does not list. */
  readonly spec: number | undefined;
  readonly method: HttpMethod;
  /** Path under /api/v1, with `{name}` for path parameters (which are also keys of `params`). */
  readonly path: string;
  readonly params: P;
  readonly reply: R;
  readonly auth: AuthKind;
  /** True when the body is a file upload (multipart) rather than form fields. */
  readonly upload: boolean;
}

export interface EndpointOptions {
  spec?: number;
  auth?: AuthKind;
  upload?: boolean;
}

export function endpoint<P extends z.ZodObject, R extends z.ZodType>(
  method: HttpMethod,
  path: string,
  params: P,
  reply: R,
  options: EndpointOptions = {},
): Endpoint<P, R> {
  return {
    spec: options.spec,
    method,
    path,
    params,
    reply,
    auth: options.auth ?? 'basic',
    upload: options.upload ?? false,
  };
}

export type ParamsOf<E extends Endpoint> = z.input<E['params']>;
export type ReplyOf<E extends Endpoint> = z.output<E['reply']>;

/** The names of the `{name}` placeholders in a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
}

/** The path with its placeholders filled from `params`. */
export function fillPath(path: string, params: Record<string, unknown>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
}
