// Words for changes to channel folders: a folder's label, and a failure as what could not be done,
// the server's `msg` as it is, and what to do (its code and extra fields kept).
import { ConsoleError } from '../errors';
import type { CheckedFate } from '../request-fate';
import { adviceForFailure, sentence } from '../users/change-words';

/** How a folder appears in words and in the activity log: "the folder “Teams”". */
export const folderLabel = (name: string) => `the folder “${name}”`;

/** What to do, by upstream's texts. */
const ADVICE_BY_MESSAGE: [RegExp, string | null][] = [
  [/folder name already in use/i, 'Choose another name: every unarchived folder’s name must differ.'],
  [/name can't be empty/i, 'Type a name.'],
  [/is too long/i, 'Shorten it to the limit the server gave.'],
  [/invalid character/i, 'Remove characters that cannot be printed, such as tabs and line breaks.'],
  [/remove all the channels from this folder/i, 'Move its channels out of it first, then archive it.'],
  [/invalid channel folder id/i, 'The folder is gone or archived: look at the list of folders again.'],
  [/invalid order mapping/i, 'The folders changed meanwhile: look at the list again, then reorder.'],
  [/must be an organization administrator/i, 'Only organization administrators manage folders: sign in as one, or ask one to make this change.'],
];

/** `fate`: what the server showed when asked after a failure without a usable answer (request-fate.ts). */
export function folderChangeFailed(subject: string, error: ConsoleError, fate: CheckedFate | null = null): ConsoleError {
  const advice = adviceForFailure(error, ADVICE_BY_MESSAGE, 'the folders', fate);
  const said = sentence(error.message);
  return new ConsoleError(error.code, advice ? `${subject}: ${said} ${advice}` : `${subject}: ${said}`, error.extra);
}
