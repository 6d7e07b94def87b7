// A long job's panel under the screen's list (a bulk role change, a copy of default settings), while
// its record cannot be shown yet: loading, or why it could not be read, and a way to close it.
import { useId } from 'react';
import { errorWords } from '../errors/words';
import { ProblemText } from './Field';
import './job-panel.css';

export function JobPanelUnread({ title, what, error, onClose }: { title: string; what: string; error: Error | null; onClose(): void }) {
  const id = useId();
  const words = error ? errorWords(error) : null;
  return (
    <section className="panel job-panel job-unread" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {words ? <ProblemText message={`Could not read ${what}: ${words.message}`} action={words.action} /> : <p className="muted">Loading…</p>}
      <button type="button" className="button button-small" onClick={onClose}>
        Close
      </button>
    </section>
  );
}
