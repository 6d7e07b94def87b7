// What a section's last save said: done; a conflict (their value beside the user's, and applying the
// user's on top of theirs, or keeping theirs: never an overwrite without the user's word); a step the
// core wants confirmed in words; or the failure as the core worded it. While it shows a conflict, the
// section's own "changed meanwhile" (the same change, arrived as an event) stands down: said once. "Done" stands only while the
// channel still has the value saved: once someone changes it again, the section says what it is now.
import { useState } from 'react';
import type { ChannelHazard } from '../../../../../shared/ipc';
import { ProblemText } from '../../../components/Field';
import type { ChannelSave } from './use-channel-save';
import '../../../components/consent-box.css';
import '../../../user-changes/user-changes.css';

export interface SaveOutcomeProps {
  save: ChannelSave;
  /** A value of this property as a person reads it (two values that read the same are the same). */
  words(value: unknown): string;
  /** The property's value on the server now. */
  live: unknown;
  /** Keep theirs: the section's form takes the server's value. */
  onKeepTheirs(theirs: unknown): void;
}

export function SaveOutcome({ save, words, live, onKeepTheirs }: SaveOutcomeProps) {
  const { conflict, hazard, failure, done } = save;
  const overtaken = done !== null && words(done.value) !== words(live);
  return (
    <>
      {conflict && (
        <div className="meanwhile" role="alert">
          <p>Someone changed this on the server meanwhile, so your change was not made over theirs.</p>
          <dl className="conflict-values">
            <dt>Theirs, on the server now</dt>
            <dd>{words(conflict.theirs)}</dd>
            <dt>Yours, not sent</dt>
            <dd>{words(conflict.change.value)}</dd>
          </dl>
          <div className="meanwhile-actions">
            <button type="button" className="button button-small" onClick={() => save.send({ ...conflict.change, old: conflict.theirs } as typeof conflict.change)}>
              Apply mine on top of theirs
            </button>
            <button
              type="button"
              className="button button-small"
              onClick={() => {
                onKeepTheirs(conflict.theirs);
                save.reset();
              }}
            >
              Keep theirs
            </button>
          </div>
        </div>
      )}
      {hazard && <CoreHazard hazard={hazard} onConfirm={(acknowledged) => save.send(hazard.change, { acknowledged })} />}
      {failure && (
        <div role="alert">
          <ProblemText message={failure.message} action={failure.action} />
        </div>
      )}
      {done && !save.pending && (
        <p className={overtaken ? 'change-done change-overtaken' : 'change-done'} role="status">
          {overtaken ? `Changed again on the server since your save: now ${words(live)}.` : done.words}
        </p>
      )}
    </>
  );
}

function CoreHazard({ hazard, onConfirm }: { hazard: NonNullable<ChannelSave['hazard']>; onConfirm(acknowledged: ChannelHazard[]): void }) {
  const [ticked, setTicked] = useState(false);
  return (
    <div className="hazard" role="alert">
      <p>{hazard.message}</p>
      <label className="hazard-consent">
        <input type="checkbox" checked={ticked} onChange={(event) => setTicked(event.target.checked)} />
        <span>I understand, and want to make this change</span>
      </label>
      <div className="change-actions">
        <button type="button" className="button button-danger" disabled={!ticked} onClick={() => onConfirm(hazard.hazards)}>
          Make the change
        </button>
      </div>
    </div>
  );
}
