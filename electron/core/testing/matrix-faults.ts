// The reliability matrix's columns: each fault the proxy injects (shared/node/testing/faults.ts), on
// the operation's own writes (the first of them, or every one) or on the event queue's long-poll.
// Every operation row (matrix-operations.ts) runs under every column.
import { describeFault, type RequestFault, type RequestMatch } from '../../../shared/node/testing/faults';

export interface MatrixFault {
  /** For the test's title: "reset mid-response". */
  name: string;
  fault: RequestFault;
  /** Which requests: the operation's writes, or the long-poll alone. */
  on: 'writes' | 'long-poll';
  /** How many of them; every one when left out. */
  times?: number;
}

const once = (fault: RequestFault): MatrixFault => ({ name: describeFault(fault), fault, on: 'writes', times: 1 });

export const MATRIX_FAULTS: readonly MatrixFault[] = [
  { name: '400 ms of latency on every write', fault: { kind: 'latency', ms: 400 }, on: 'writes' },
  { name: 'every reply throttled to 200 bytes/s', fault: { kind: 'throttle', bytesPerSecond: 200 }, on: 'writes' },
  once({ kind: 'reset', when: 'on-arrival' }),
  once({ kind: 'reset', when: 'mid-response' }),
  once({ kind: 'blackhole', forward: false }),
  once({ kind: 'blackhole', forward: true }),
  once({ kind: 'status', status: 502, forward: false }),
  once({ kind: 'status', status: 503, forward: true }),
  once({ kind: 'status', status: 429, retryAfterSeconds: 1, forward: false }),
  // More 429s than the client waits out (it retries 3 times): the failure reaches the operation.
  { name: '429 with Retry-After 1, four times running', fault: { kind: 'status', status: 429, retryAfterSeconds: 1, forward: false }, on: 'writes', times: 4 },
  { name: 'the long-poll dropped twice', fault: { kind: 'reset', when: 'on-arrival' }, on: 'long-poll', times: 2 },
];

/** Where a column's fault goes for an operation whose writes are `writes`. */
export function faultTarget(column: MatrixFault, writes: RequestMatch): RequestMatch {
  return column.on === 'long-poll' ? { longPoll: true } : writes;
}
