// A step with a consequence the user must state they understand before it is taken: a box, never
// ticked for them, whose label states the consequence ("I understand that I will lose access to
// #design"), under a title and the words that explain it. What it gates (a button, a dialog's
// confirming answer) stays disabled until it is ticked; the caller keys the tick to what it confirmed,
// so a consequence that changes unticks it. Used by role changes, channel changes and invitations.
import { useId } from 'react';
import { Icon } from './Icon';
import './consent-box.css';

export interface ConsentBoxProps {
  title: string;
  words: string;
  consent: string;
  checked: boolean;
  onChange(checked: boolean): void;
  /** Drawn as a notice, for a box that stands on its own (in a dialog, under a review). */
  notice?: boolean;
  /** The notice's tone: danger for what cannot be undone (deleted messages), else warning. */
  tone?: 'warning' | 'danger';
}

export function ConsentBox({ title, words, consent, checked, onChange, notice = false, tone = 'warning' }: ConsentBoxProps) {
  const id = useId();
  return (
    <div
      className={notice ? 'notice hazard' : 'hazard'}
      data-tone={notice ? tone : undefined}
      role="group"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-words`}
    >
      <p id={`${id}-title`} className="hazard-title">
        <Icon name="offline" />
        <span>{title}</span>
      </p>
      <p id={`${id}-words`}>{words}</p>
      <label className="hazard-consent">
        <input type="checkbox" required checked={checked} onChange={(event) => onChange(event.target.checked)} />
        <span>{consent}</span>
      </label>
    </div>
  );
}
