// Lets a test file hold a server or a realm in a constant from its first line, although it exists
// only between a before hook and the matching after hook: the constant forwards every read to the
// one that is open. Only reads are forwarded (no `in`, no spreading), which is all tests do.
type Hook = (run: () => Promise<void>) => void;

/** Opens with `open` in `before`, closes with `close` in `after`; returns the forwarding stand-in. */
export function openBetweenHooks<T extends object>(before: Hook, after: Hook, open: () => T | Promise<T>, close: (opened: T) => unknown): T {
  let opened: T | undefined;
  before(async () => {
    opened = await open();
  });
  after(async () => {
    if (opened) await close(opened);
    opened = undefined;
  });
  return new Proxy({} as T, {
    get(_target, key) {
      if (!opened) throw new Error(`read ${String(key)} outside the hooks that open it`);
      return Reflect.get(opened, key) as unknown;
    },
  });
}
