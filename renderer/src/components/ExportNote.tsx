// What an export saved, said beside the button that saved it: the browser's download (Electron's save
// dialog) leaves nothing on the page, so this line names the file and what is in it. A status, so a
// screen reader says it when it is free. The permission matrix and the Default settings use it.

/** The line for the last export, or nothing before the first. */
export function ExportNote({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p className="muted export-note" role="status">
      {text}
    </p>
  );
}
