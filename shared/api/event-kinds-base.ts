// What every event kind is built from. Events are loose objects: a newer server adds fields, and the
// client keeps them rather than failing.
import { z } from 'zod';

/** Event IDs increase within a queue but need not be consecutive. */
export const EventId = z.int();

/** Any event as the queue delivers it, before its kind is checked. */
export const RawEvent = z.looseObject({ id: EventId, type: z.string() });
export type RawEvent = z.infer<typeof RawEvent>;

/** An event kind without `op`. */
export function eventOf<T extends string, S extends z.ZodRawShape>(type: T, shape: S) {
  return z.looseObject({ id: EventId, type: z.literal(type), ...shape });
}

/** One `op` of an event kind. */
export function opEventOf<T extends string, O extends string, S extends z.ZodRawShape>(type: T, op: O, shape: S) {
  return z.looseObject({ id: EventId, type: z.literal(type), op: z.literal(op), ...shape });
}

/**
 * For `property`/`value` events (stream update, realm_user_settings_defaults update): the value of a
 * known property must fit that property's schema, reported at `value`; an unknown property (from a
 * newer server) passes with any value.
 */
export function checkPropertyValue(values: Readonly<Record<string, z.ZodType>>) {
  return (event: { property: string; value?: unknown }, ctx: z.RefinementCtx) => {
    // `value` is read as unknown (its type depends on `property`), which zod lets be absent.
    if (event.value === undefined) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Missing value', input: event.value });
      return;
    }
    if (!Object.hasOwn(values, event.property)) return;
    const result = values[event.property]?.safeParse(event.value);
    if (!result || result.success) return;
    for (const issue of result.error.issues) {
      ctx.addIssue({
        code: 'custom',
        path: ['value', ...issue.path],
        message: `${event.property}: ${issue.message}`,
        input: event.value,
      });
    }
  };
}

/**
 * Narrows a `property`/`value` event checked by `checkPropertyValue` to one known property, so its
 * value has that property's type: `if (isPropertyUpdate(STREAM_PROPERTY_VALUES, event, 'folder_id'))`.
 */
export function isPropertyUpdate<
  M extends Readonly<Record<string, z.ZodType>>,
  E extends { property: string; value?: unknown },
  P extends keyof M & string,
>(_values: M, event: E, property: P): event is E & { property: P; value: z.output<M[P]> } {
  return event.property === property;
}
