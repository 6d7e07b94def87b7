// Export and import of a realm's defaults as a file (shared/domain/defaults-file.ts is the format):
// exports save what the server has (never unsaved edits); imports are read and checked whole here,
// and become edits only if every setting in them is usable.
import { buildDefaultsFile, defaultsFileName, parseDefaultsFile, type ParsedDefaultsFile } from '../../../../shared/domain/defaults-file';
import type { DefaultsValues } from '../../../../shared/domain/defaults-edits';
import type { DefaultsView } from '../../../../shared/ipc';
import { downloadText } from '../../components/download-text';

/** An export is a few kilobytes; anything far larger is another file picked by mistake. */
const MAX_IMPORT_BYTES = 512 * 1024;

/** Saves the realm's defaults as a JSON file; its name and how many settings are in it. */
export function exportDefaults(view: DefaultsView, now = new Date()): { name: string; settings: number } {
  const file = buildDefaultsFile({ realmName: view.realmName, realmUrl: view.realmUrl, featureLevel: view.featureLevel, values: view.values as DefaultsValues, exportedAt: now });
  const name = defaultsFileName(view.realmName, now);
  downloadText(name, `${JSON.stringify(file, null, 2)}\n`, 'application/json');
  return { name, settings: Object.keys(file.settings).length };
}

/** Reads a picked file: its problems, or its settings. */
export async function readDefaultsFile(file: Pick<File, 'name' | 'size' | 'text'>): Promise<ParsedDefaultsFile> {
  if (file.size > MAX_IMPORT_BYTES) {
    return { ok: false, problems: [`${file.name} is ${Math.round(file.size / 1024)} KB: a default-settings export is a few KB, so this is probably another file. Choose the JSON file Export saved.`] };
  }
  try {
    return parseDefaultsFile(await file.text());
  } catch (error) {
    return { ok: false, problems: [`${file.name} could not be read: ${error instanceof Error ? error.message : String(error)}.`] };
  }
}
