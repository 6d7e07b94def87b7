// Which parts of a panel (the channel editor, a user's details, a report's "Act on …") hold an edit not
// saved yet. Each part keeps its own draft; the panel needs the sum of them to ask before a move would
// drop them (another channel, user or report, another tab or screen), so each part reports under its
// own key, and stops reporting when it unmounts.
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';

export interface UnsavedEdits {
  /** The keys of the parts holding an unsaved edit. */
  keys: ReadonlySet<string>;
  report(key: string, edited: boolean): void;
}

export const UnsavedEditsContext = createContext<UnsavedEdits | null>(null);

/** For the panel: the set its parts report to, to provide through UnsavedEditsContext. */
export function useUnsavedEditsRegistry(): UnsavedEdits {
  const [keys, setKeys] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback((key: string, edited: boolean) => {
    setKeys((previous) => {
      if (previous.has(key) === edited) return previous;
      const next = new Set(previous);
      if (edited) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  return useMemo(() => ({ keys, report }), [keys, report]);
}

/** For a part of a panel: `edited` while its draft differs from the server's value. */
export function useUnsavedEdit(key: string, edited: boolean): void {
  const report = useContext(UnsavedEditsContext)?.report;
  useEffect(() => {
    if (!report || !edited) return;
    report(key, true);
    return () => report(key, false);
  }, [report, key, edited]);
}

/** The keys of the panel's parts holding an unsaved edit (none outside a panel). */
export function useUnsavedKeys(): ReadonlySet<string> {
  return useContext(UnsavedEditsContext)?.keys ?? NONE;
}

const NONE: ReadonlySet<string> = new Set();
