// The default settings' export as the file a user gets: its raw bytes, read as another program would.
import { afterEach, expect, test, vi } from 'vitest';
import { USUAL_USER_SETTING_DEFAULTS } from '../../../../shared/api';
import { parseDefaultsFile } from '../../../../shared/domain/defaults-file';
import type { DefaultsView } from '../../../../shared/ipc';
import { downloadText } from '../../components/download-text';
import { exportDefaults } from './defaults-file-io';

afterEach(() => vi.restoreAllMocks());

const view: DefaultsView = {
  account: 'acc-olivia',
  realmName: 'Sandbox Org',
  realmUrl: 'http://127.0.0.1:9991',
  featureLevel: 421,
  values: { ...USUAL_USER_SETTING_DEFAULTS },
  availableSounds: ['chime', 'ding', 'zulip'],
  ownRole: 100,
  canEdit: true,
  readOnlyReason: null,
};

/** The files the page hands to the browser's download, in order. */
function savedFiles(): Blob[] {
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:saved';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  return blobs;
}

const rawText = async (blob: Blob) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer());

test('the exported JSON file starts with "{", no byte-order mark, and parses as it is', async () => {
  const files = savedFiles();
  exportDefaults(view, new Date(Date.UTC(2026, 10, 27, 22, 0)));
  const raw = await rawText(files[0] as Blob);
  expect(raw.startsWith('{')).toBe(true);
  expect(() => JSON.parse(raw) as unknown).not.toThrow();
  expect(parseDefaultsFile(raw)).toMatchObject({ ok: true });
});

test('a CSV file still starts with a byte-order mark, once, for spreadsheet programs', async () => {
  const files = savedFiles();
  downloadText('users.csv', 'Name\nMark Member\n', 'text/csv;charset=utf-8');
  downloadText('log.csv', '\uFEFFName\n', 'text/csv;charset=utf-8');
  expect(await rawText(files[0] as Blob)).toBe('\uFEFFName\nMark Member\n');
  expect(await rawText(files[1] as Blob)).toBe('\uFEFFName\n');
});
