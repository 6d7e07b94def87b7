// A form field that follows live changes. Its draft is what the form shows; `base` is the live value
// the draft was started from. While nothing is edited (draft = base) the field follows every change
// made anywhere (this console, another one, the server). When the live value changes under an unsent
// edit, the edit is kept and `theirs` says what changed, until the user keeps their edit or takes
// theirs: a stale form never offers to send back the value it started from.
import { useState } from 'react';

export interface LiveDraft<T> {
  /** What the form shows. */
  value: T;
  /** The draft differs from the live value: an edit not sent yet, which leaving would lose. */
  edited: boolean;
  set(value: T): void;
  /** The live value, when it changed under an unsent edit; null otherwise. */
  theirs: T | null;
  keepMine(): void;
  takeTheirs(): void;
  /** Draft and base both `value`: after a change this form sent was answered. */
  reset(value: T): void;
}

export function useLiveDraft<T>(live: T, same: (a: T, b: T) => boolean = Object.is): LiveDraft<T> {
  const [state, setState] = useState({ value: live, base: live });
  let current = state;
  // An edit that the live value now matches, or no edit at all: follow it. Set during render (React's
  // pattern for state derived from a changed prop), so no frame shows the stale value.
  if (!same(live, state.base) && (same(state.value, state.base) || same(state.value, live))) {
    current = { value: live, base: live };
    setState(current);
  }
  return {
    value: current.value,
    edited: !same(current.value, live),
    set: (value) => setState((previous) => ({ ...previous, value })),
    theirs: same(live, current.base) ? null : live,
    keepMine: () => setState((previous) => ({ ...previous, base: live })),
    takeTheirs: () => setState({ value: live, base: live }),
    reset: (value) => setState({ value, base: value }),
  };
}
