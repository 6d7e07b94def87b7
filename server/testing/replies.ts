// Checks on API replies in upstream's envelope ({result, msg, code}), shared by the HTTP tests.
import { expect } from 'vitest';
import type { ApiResponse } from './harness';

/** The reply is an empty-message success with status 200. */
export function expectSuccess(response: ApiResponse): void {
  expect(response.body).toMatchObject({ result: 'success', msg: '' });
  expect(response.status).toBe(200);
}

/** The reply is a 400 error with this code and message (a RegExp matches the message). */
export function expectError(response: ApiResponse, code: string, msg: string | RegExp): void {
  expect(response.body).toMatchObject({ result: 'error', code, msg });
  expect(response.status).toBe(400);
}

/** A whole error body as upstream sends it, for toEqual; `extra` holds fields some errors add. */
export const error = (msg: string, code = 'BAD_REQUEST', extra: Record<string, unknown> = {}) => ({ result: 'error', msg, code, ...extra });
