// Said when the user a form is about changed on the server under an unsent edit: what it is now, what
// the edit says, and the two ways on. Until one is chosen the form sends nothing (use-live-draft.ts).
import './user-changes.css';

export interface ChangedMeanwhileProps {
  /** The live value, as shown: "Moderator", "Ava Archer". */
  theirs: string;
  /** The unsent edit, as shown. */
  mine: string;
  /** "choice" (a role), "edit" (a name), "value" (a default setting). */
  what: string;
  /** What changed, where a form has several: named in the buttons for screen readers ("Color scheme"). */
  subject?: string;
  onKeep(): void;
  onTake(): void;
}

export function ChangedMeanwhile({ theirs, mine, what, subject, onKeep, onTake }: ChangedMeanwhileProps) {
  const of = subject ? <span className="visually-hidden"> ({subject})</span> : null;
  return (
    <div className="notice meanwhile" data-tone="accent" role="status">
      <p>
        Changed on the server to <strong>{theirs}</strong> meanwhile. Your {what}, <strong>{mine}</strong>, is not sent.
      </p>
      <div className="meanwhile-actions">
        <button type="button" className="button button-small" onClick={onKeep}>
          Keep my {what}
          {of}
        </button>
        <button type="button" className="button button-small" onClick={onTake}>
          Take theirs
          {of}
        </button>
      </div>
    </div>
  );
}
