// Reading a chosen zuliprc file in the page, and refusing what cannot be one before anything is sent.
import { accountChannels } from '../../../../shared/ipc';

/** The contract's limit on `contents` (shared/ipc/accounts.ts): a zuliprc is a few lines. */
export const ZULIPRC_MAX_BYTES = 64 * 1024;

export class ZuliprcFileProblem extends Error {}

/** The file's text, or a ZuliprcFileProblem in words that say what to choose instead. */
export async function readZuliprc(file: File | undefined): Promise<string> {
  if (!file) throw new ZuliprcFileProblem('Choose the zuliprc file to import.');
  if (file.size > ZULIPRC_MAX_BYTES) {
    throw new ZuliprcFileProblem(
      `${file.name} is ${Math.ceil(file.size / 1024)} KB: a zuliprc is a few lines of text, at most 64 KB. Choose the zuliprc file you downloaded from the organization.`,
    );
  }
  let contents: string;
  try {
    contents = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw notText(file);
  }
  if (contents.includes('\u0000')) throw notText(file);
  if (contents.trim() === '') throw new ZuliprcFileProblem(`${file.name} is empty. Choose the zuliprc file you downloaded from the organization.`);
  // The shared schema's rules, so the page refuses exactly what the core would.
  const checked = accountChannels['accounts.importZuliprc'].input.safeParse({ contents });
  if (!checked.success) throw new ZuliprcFileProblem(`${file.name} cannot be imported: ${checked.error.issues[0]?.message ?? 'it is not valid'}.`);
  return contents;
}

function notText(file: File) {
  return new ZuliprcFileProblem(
    `${file.name} is not a text file. A zuliprc is plain text starting with [api]; download it from Personal settings → Account & privacy → API key.`,
  );
}
