// A list in a sentence, as every screen and the activity log write one.

/** "a", "a and b", "a, b and c"; `none` for an empty list. */
export function listWords(items: readonly string[], none = ''): string {
  if (items.length <= 1) return items[0] ?? none;
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] as string}`;
}
