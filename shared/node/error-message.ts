// What went wrong, as one line for a log or a message: an Error's message, or the thrown value itself
// (JavaScript can throw anything).
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
