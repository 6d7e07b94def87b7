// One row of the reliability matrix (operation × fault): an operation that writes, as the renderer
// starts it (through the router), and what a user would check afterwards. The matrix test
// (electron/core/fault-matrix.reliability.test.ts) runs every row under every fault column
// (matrix-faults.ts): prepare, run with the fault on, check the console told the truth (what it says
// was done is on the server, what it says failed is not, nothing took effect twice), let the user
// retry what failed, check it is done exactly once, and that the console's state equals a fresh
// register. The rows are listed in matrix-table.ts; each lives beside its area's code.
import { expect } from 'vitest';
import type { RequestMatch } from '../../../shared/node/testing/faults';
import type { FaultConsole, FaultRealm } from './fault-harness';

/** What the console told the user when the operation ended. */
export interface Told {
  /** Everything asked for was done, as the console reports it. */
  ok: boolean;
  /** Its words for each failure: the error envelope's message, a result's reason, a campaign's detail. */
  said: string[];
}

export interface MatrixRow<S> {
  /** "single role change". */
  name: string;
  /** The requests that write, where a fault column goes. */
  writes: RequestMatch;
  /** Once, before the row's scenarios (a second realm for a copy). */
  setup?(h: FaultConsole): Promise<void>;
  /** The realm the writes go to, whose proxy carries the faults. */
  target(h: FaultConsole): FaultRealm;
  /** One scenario's subject, apart from every other scenario's (another user, fresh addresses). */
  prepare(h: FaultConsole, index: number): Promise<S>;
  run(h: FaultConsole, subject: S): Promise<Told>;
  /** What a user does after a failure: retry what failed. */
  retry(h: FaultConsole, subject: S, told: Told): Promise<Told>;
  /** What the console said matches the server, and nothing took effect twice (events since `since`). */
  truthful(h: FaultConsole, subject: S, told: Told, since: number): Promise<void>;
  /** The whole change is on the server, exactly once. */
  done(h: FaultConsole, subject: S, since: number): Promise<void>;
}

/** A row of any subject, for the table. */
export type AnyRow = MatrixRow<unknown>;
export const row = <S>(definition: MatrixRow<S>): AnyRow => definition as unknown as AnyRow;

/** Polls `check` until it gives a value, or fails after `timeoutMs`. */
export async function until<T>(check: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A failure is told in words a user can read: sentences, never a code or an object. */
export function expectWords(told: Told): void {
  expect(told.ok || told.said.length > 0).toBe(true);
  for (const words of told.said) {
    expect(words.trim().length).toBeGreaterThan(20);
    expect(words).not.toMatch(/undefined|\[object |^Error:|^[A-Z_]+$/);
  }
}
