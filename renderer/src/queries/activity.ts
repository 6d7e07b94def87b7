// The activity log: every change made from this console to a realm, kept on disk by the core. It
// changes only when this console makes a change, so it is reread after each one (queries/users.ts)
// and whenever it is shown, never polled.
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../bridge/bridge';

export const ACTIVITY_LIMIT = 1000;

export const activityKey = (account: string) => ['account', account, 'activity'] as const;

export function useActivity(account: string) {
  return useQuery({
    queryKey: activityKey(account),
    queryFn: () => call('activity.list', { account, limit: ACTIVITY_LIMIT }),
    refetchOnMount: 'always',
  });
}

/** The whole log as CSV, saved through the browser's download (the Electron window and browser mode alike). */
export function useExportActivity(account: string) {
  return useMutation({
    mutationFn: async () => {
      const { filename, csv } = await call('activity.exportCsv', { account });
      saveText(filename, csv, 'text/csv;charset=utf-8');
      return filename;
    },
  });
}

/** Saves text as a file through the browser's download (the Electron window and browser mode alike). */
export function saveText(filename: string, text: string, type: string) {
  // A byte-order mark (unless the text has one), so spreadsheet programs read names as UTF-8.
  const bom = text.startsWith('\uFEFF') ? '' : '\uFEFF';
  const url = URL.createObjectURL(new Blob([bom, text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers start reading the file after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
