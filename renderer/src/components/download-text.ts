// Saving text the page made (a report, an export) as a file, the same way on every screen.

/** Saves text as a file through the browser's download (Electron asks where to save it). */
export function downloadText(filename: string, text: string, type: string): void {
  // A byte-order mark, so spreadsheet apps read the UTF-8 names and reasons as UTF-8.
  const url = URL.createObjectURL(new Blob([text.startsWith('\uFEFF') ? '' : '\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Later, not now: the download may not have read the blob yet.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
