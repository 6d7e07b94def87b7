import { describe, expect, test } from 'vitest';
import { endpoints, pathParamNames, specEndpoints } from './index';

describe('endpoint registry', () => {
  test('each spec number maps to the endpoint that carries that number', () => {
    for (const [number, endpoint] of Object.entries(specEndpoints)) {
      expect(endpoint.spec, endpoint.path).toBe(Number(number));
    }
  });

  test('every spec number but 22 (the outgoing webhook payload) has an endpoint', () => {
    const numbers = Object.keys(specEndpoints).map(Number);
    expect(numbers).toEqual(Array.from({ length: 23 }, (_, i) => i + 1).filter((n) => n !== 22));
  });

  test('every endpoint with a spec number is in specEndpoints', () => {
    const listed = new Set<unknown>(Object.values(specEndpoints));
    const missing = Object.entries(endpoints).filter(([, e]) => e.spec !== undefined && !listed.has(e));
    expect(missing.map(([name]) => name)).toEqual([]);
  });

  test('every path placeholder is a key of the endpoint’s params', () => {
    const broken = Object.entries(endpoints).filter(([, e]) =>
      pathParamNames(e.path).some((name) => !Object.hasOwn(e.params.shape, name)),
    );
    expect(broken.map(([name]) => name)).toEqual([]);
  });

  test('no two endpoints share a method and path', () => {
    const routes = Object.values(endpoints).map((e) => `${e.method} ${e.path}`);
    expect(routes).toHaveLength(new Set(routes).size);
  });
});
