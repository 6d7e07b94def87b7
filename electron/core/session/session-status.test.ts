// The words a failed try leaves on the status: short for an unreachable realm, the failure's own when
// the way to it is the problem (a proxy, the server's certificate), which says what to change.
import { expect, test } from 'vitest';
import { failureStatus } from './session-status';

const base = { code: 'NETWORK_ERROR', realmUrl: 'https://chat.example.com', hasState: true, failingForMs: 1000 };

test('a realm that cannot be reached: the short words', () => {
  expect(failureStatus({ ...base, message: 'Could not reach https://chat.example.com: connection refused.' })).toEqual({
    state: 'reconnecting',
    detail: 'Lost the connection to https://chat.example.com.',
  });
});

test('a proxy or certificate failure keeps its own words, even once offline', () => {
  const message = 'Could not reach https://chat.example.com through the proxy http://proxy:3128: the proxy refused the connection.';
  expect(failureStatus({ ...base, message, onTheWay: true })).toEqual({ state: 'reconnecting', detail: message });
  expect(failureStatus({ ...base, message, onTheWay: true, failingForMs: 60_000 })).toEqual({ state: 'offline', detail: message });
});
