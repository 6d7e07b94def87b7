import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { pagePolicyHeader } from './page-policy';

test("the header is index.html's own policy, plus frame-ancestors", () => {
  const html = readFileSync(path.resolve(import.meta.dirname, '../../renderer/index.html'), 'utf8');
  const header = pagePolicyHeader(html);
  expect(header).toBe(
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; object-src 'none'; frame-ancestors 'none'",
  );
});

test('a page without a policy gets one that lets nothing load', () => {
  expect(pagePolicyHeader('<html><head></head></html>')).toBe("default-src 'none'; frame-ancestors 'none'");
});
