// Random identifiers (API keys, queue IDs, upload paths), injectable so tests can make them predictable.
import { randomBytes } from 'node:crypto';

export interface IdSource {
  /** A random string of letters and digits, `length` characters long. */
  token(length: number): string;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export const randomIds: IdSource = {
  token(length) {
    const bytes = randomBytes(length);
    let out = '';
    for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
    return out;
  },
};

/** A deterministic source from a seed (mulberry32), for seeds and tests. */
export function seededIds(seed: number): IdSource & { next(): number } {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    token(length) {
      let out = '';
      for (let i = 0; i < length; i++) out += ALPHABET[Math.floor(next() * ALPHABET.length)];
      return out;
    },
  };
}
