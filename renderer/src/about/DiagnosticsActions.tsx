// What the diagnostics view does: open the logs folder (the app only; the view shows where it is),
// copy the diagnostics (redacted by the core) to the clipboard, or show them to copy by hand where the
// clipboard is refused, and check for updates. Each says what happened in a status line.
import { useState } from 'react';
import type { Diagnostics } from '../../../shared/ipc';
import { errorWords } from '../errors/words';
import { useCheckForUpdates, useDiagnosticsReport, useOpenLogsFolder } from '../queries/diagnostics';

export function DiagnosticsActions({ diagnostics }: { diagnostics: Diagnostics }) {
  const [said, setSaid] = useState<string | null>(null);
  const [manualCopy, setManualCopy] = useState<string | null>(null);
  const report = useDiagnosticsReport();
  const openLogs = useOpenLogsFolder();
  const updates = useCheckForUpdates();
  const failed = (error: unknown) => setSaid(errorWords(error).message);

  const copy = async () => {
    setSaid(null);
    let text: string;
    try {
      ({ text } = await report.mutateAsync());
    } catch (error) {
      return failed(error);
    }
    try {
      await navigator.clipboard.writeText(text);
      setManualCopy(null);
      setSaid('Copied the diagnostics. They hold no API key, password or email address.');
    } catch {
      setManualCopy(text);
      setSaid('This window may not use the clipboard: select the diagnostics below and copy them.');
    }
  };

  const open = async () => {
    setSaid(null);
    try {
      const result = await openLogs.mutateAsync();
      setSaid(result.opened ? `Opened ${result.folder ?? 'the logs folder'}.` : (result.detail ?? 'The logs folder could not be opened.'));
    } catch (error) {
      failed(error);
    }
  };

  const check = async () => {
    setSaid(null);
    try {
      setSaid((await updates.mutateAsync()).message);
    } catch (error) {
      failed(error);
    }
  };

  return (
    <section aria-labelledby="about-actions" className="about-actions-section">
      <h3 id="about-actions" className="visually-hidden">
        Actions
      </h3>
      <div className="about-actions">
        <button type="button" className="button" onClick={() => void copy()} disabled={report.isPending}>
          Copy diagnostics
        </button>
        {diagnostics.logsFolder && diagnostics.canOpenFolders && (
          <button type="button" className="button" onClick={() => void open()} disabled={openLogs.isPending}>
            Open logs folder
          </button>
        )}
        <button type="button" className="button" onClick={() => void check()} disabled={updates.isPending} aria-busy={updates.isPending || undefined}>
          {updates.isPending ? 'Checking for updates…' : 'Check for updates'}
        </button>
      </div>
      <p className="about-said" role="status">
        {said}
      </p>
      {manualCopy && (
        <label className="about-manual-copy">
          Diagnostics to copy
          <textarea readOnly value={manualCopy} rows={8} onFocus={(event) => event.currentTarget.select()} />
        </label>
      )}
    </section>
  );
}
