// Undo from the activity log: the row action of each reversible entry ("Undo", and "Undo job" on a
// bulk job's entries), and around the log, the review dialog of the undo asked for and, once started,
// its progress and results above the entries. The log's list only places UndoCell in each row.
import { createContext, useContext, useState, type ReactNode } from 'react';
import type { ActivityEntry, UndoScope } from '../../../shared/ipc';
import { UndoDialog } from './UndoDialog';
import { UndoPanel } from './UndoPanel';
import './undo.css';

const AskUndo = createContext<((scope: UndoScope) => void) | null>(null);

export function UndoArea({ account, children }: { account: string; children: ReactNode }) {
  const [asked, setAsked] = useState<UndoScope | null>(null);
  const [running, setRunning] = useState<string | null>(null);
  return (
    <AskUndo.Provider value={setAsked}>
      {running && <UndoPanel account={account} undoId={running} onClose={() => setRunning(null)} />}
      {children}
      {asked && (
        <UndoDialog
          account={account}
          scope={asked}
          onClose={() => setAsked(null)}
          onStarted={(job) => {
            setRunning(job.id);
            setAsked(null);
          }}
        />
      )}
    </AskUndo.Provider>
  );
}

/** The entry's undo actions: only for a change that succeeded and recorded how to reverse it. */
export function UndoCell({ entry }: { entry: ActivityEntry }) {
  const ask = useContext(AskUndo);
  const undo = entry.undo;
  if (!ask || !undo || entry.result !== 'ok') return null;
  const subject = [entry.action, entry.target, entry.details].filter(Boolean).join(', ');
  return (
    <div className="undo-actions">
      {/* Every row has these buttons: each is named by its own entry, after the words it shows. */}
      <button type="button" className="button button-small" aria-label={`Undo: ${subject}`} onClick={() => ask({ kind: 'entry', entryId: undo.id })}>
        Undo
      </button>
      {entry.jobId && (
        <button
          type="button"
          className="button button-small"
          aria-label={`Undo job: ${subject}, and the rest of its job`}
          onClick={() => ask({ kind: 'job', jobId: entry.jobId as string })}
        >
          Undo job
        </button>
      )}
    </div>
  );
}
