// Builds a request from an endpoint and its parameters as the spec's Conventions 1 says: path
// parameters go into the path, GET and DELETE parameters into the query string, POST and PATCH
// parameters into a form-encoded body; strings are sent as they are and every other value as JSON
// inside a single form value.
import { fillPath, pathParamNames, type Endpoint } from '../../../shared/api';

export interface EncodedRequest {
  /** Path under /api/v1, with the path parameters filled in, plus the query string if any. */
  pathAndQuery: string;
  body: URLSearchParams | undefined;
}

export function encodeRequest(endpoint: Endpoint, params: Record<string, unknown>): EncodedRequest {
  const inPath = new Set(pathParamNames(endpoint.path));
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (inPath.has(name) || value === undefined) continue;
    form.append(name, formValue(value));
  }
  const path = fillPath(endpoint.path, params);
  if (endpoint.method === 'GET' || endpoint.method === 'DELETE') {
    const query = form.toString();
    return { pathAndQuery: query ? `${path}?${query}` : path, body: undefined };
  }
  return { pathAndQuery: path, body: form };
}

/**
 * One parameter as a form value. A string stays as it is (so `"true"` is the text true, not a boolean);
 * numbers, booleans, null, lists and objects are JSON, which is how the server tells them apart.
 */
export function formValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
