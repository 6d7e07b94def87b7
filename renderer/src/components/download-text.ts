// Saving text the page made (a report, an export) as a file, the same way on every screen.

/** Saves text as a file through the browser's download (Electron asks where to save it). */
export function downloadText(filename: string, text: string, type: string): void {
  // A CSV file gets a byte-order mark (unless the text has one), so spreadsheet programs read names and
  // reasons as UTF-8. Nothing else does: JSON must not start with one (RFC 8259, section 8.1), and
  // parsers refuse it.
  const bom = !type.startsWith('text/csv') || text.startsWith('\uFEFF') ? '' : '\uFEFF';
  const url = URL.createObjectURL(new Blob([bom, text], { type }));
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
