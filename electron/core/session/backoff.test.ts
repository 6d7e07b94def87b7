// How long a session waits before trying again: jitter spreads many consoles' reconnects after a
// server restart, and the cap keeps a long outage from turning into minutes of waiting.
import { expect, test } from 'vitest';
import { BACKOFF_MAX_MS, backoffDelay, inWords } from './backoff';

/** Just below 1: random() never returns 1 itself. */
const almostOne = () => 1 - Number.EPSILON;

test('the first retry comes after 0.5 s at the least jitter and 1.5 s at the most', () => {
  expect(backoffDelay(0, () => 0)).toBe(500);
  expect(backoffDelay(0, almostOne)).toBe(1_500);
});

test('after many failures the wait stops growing at 30 s, jittered between 15 s and 45 s', () => {
  // 2^5 s is past the cap already; 2^40 s would be decades.
  for (const attempt of [5, 12, 40]) {
    expect(backoffDelay(attempt, () => 0.5)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(attempt, () => 0)).toBe(15_000);
    expect(backoffDelay(attempt, almostOne)).toBe(45_000);
  }
});

test('a wait or an outage in words: whole seconds, at least one, and minutes from two minutes on', () => {
  expect(inWords(200)).toBe('1 second');
  expect(inWords(4_400)).toBe('4 seconds');
  expect(inWords(119_000)).toBe('119 seconds');
  expect(inWords(150_000)).toBe('3 minutes');
});
