// Escape closes a side panel (a user's details, the channel editor, the new channel form, a report) as
// it closes every dialog: the keyboard's way out, the Close button's twin, asking the same question
// first when the panel holds an unsaved edit. Only an Escape nothing inside took for itself: a dialog
// open in the panel (it closes itself), a list of suggestions closing (its handler prevents the
// default), and a text box holding text: someone typing there may mean "not this", and Chromium's own
// Escape clears a search box; closing the panel under them would drop what they typed (Tab out first
// to close).
import type { KeyboardEvent } from 'react';

const TYPED = 'textarea, input:not([type]), input[type="text"], input[type="search"], input[type="email"], input[type="url"], input[type="number"]';

/** The panel's onKeyDown: Escape runs `close`. */
export function escapeCloses(close: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    if (target.closest('dialog')) return;
    if (target.matches(TYPED) && (target as HTMLInputElement | HTMLTextAreaElement).value !== '') return;
    // Its default too: the question asked before an unsaved edit is dropped opens as a modal dialog at
    // once, and Chromium's default for this same Escape would cancel it before it was seen.
    event.preventDefault();
    event.stopPropagation();
    close();
  };
}
