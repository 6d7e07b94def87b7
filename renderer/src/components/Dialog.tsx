// A modal dialog: a title, a body, and two answers at its foot. The native <dialog> keeps focus inside
// while it is open, and Escape is its Cancel. The safe answer comes first and has the focus: nothing
// that changes anything is ever the default. When it closes, or is unmounted, the focus goes back to
// what opened it (focus-return.ts), whether its owner hides it with `open` or by unmounting it.
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useFocusReturn } from './focus-return';
import './dialog.css';

export interface DialogAction {
  label: string;
  onClick(): void;
  disabled?: boolean;
  /** Styles it as destructive (signing out, saving a key unencrypted); otherwise it is the primary button. */
  danger?: boolean;
}

export interface DialogProps {
  /** Shown while true; by default, while it is mounted. */
  open?: boolean;
  title: ReactNode;
  /** Wider, for lists and choices; its body scrolls. */
  wide?: boolean;
  /** The id of what describes the dialog (the body, or its first paragraph), read when it opens. */
  describedBy?: string;
  bodyId?: string;
  /** Something is under way: the dialog says so, and Cancel and Escape wait until it is done. */
  busy?: boolean;
  cancelLabel?: string;
  onCancel(): void;
  confirm: DialogAction;
  /**
   * A dialog that is a form to fill before anything is decided (set a value, find people, pick a folder)
   * opens on its first field; every other opens on Cancel, so that Enter never confirms by accident.
   * A form that goes on to a review in the same dialog turns this off for the review: the focus then
   * moves to Cancel (or Back), off the button that was "Review…" and now removes or applies; going back
   * to the form puts it on the first field again.
   */
  focusFirstField?: boolean;
  /** After closing: where focus should go when the element that opened the dialog is gone (else its nearest neighbour). */
  onClosed?(): void;
  children: ReactNode;
}

export function Dialog({ open = true, title, wide = false, describedBy, bodyId, busy = false, cancelLabel = 'Cancel', onCancel, confirm, focusFirstField = false, onClosed, children }: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  const closed = useRef(onClosed);
  useEffect(() => {
    closed.current = onClosed;
  });
  const focus = useFocusReturn(open);
  const restore = useRef(focus.restore);
  useEffect(() => {
    restore.current = focus.restore;
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      // showModal focuses the first control in the dialog (a check box in its body, say): React's
      // autoFocus writes no `autofocus` attribute for it to find. The safe answer takes it here, unless
      // the dialog is a form whose first field is where the user starts.
      if (!focusFirstField) cancel.current?.focus();
    }
    if (!open && element.open) {
      element.close();
      // Only now: while the modal is open, everything outside it is inert and cannot take focus.
      restore.current(element, closed.current);
    }
  }, [open, focusFirstField]);
  // The step changed while open (form → review, or back): the focus follows, as when it opened.
  const firstField = useRef(focusFirstField);
  useEffect(() => {
    const element = dialog.current;
    if (firstField.current === focusFirstField) return;
    firstField.current = focusFirstField;
    if (!open || !element?.open) return;
    if (!focusFirstField) cancel.current?.focus();
    // A radio group is entered at its chosen answer, as Tab would.
    else element.querySelector<HTMLElement>('.dialog-body :is(input:not([type=radio]), input[type=radio]:checked, select, textarea, button):not(:disabled)')?.focus();
  }, [open, focusFirstField]);
  // Unmounted while open (its owner dropped it, or its screen went away): the page must not stay inert
  // behind it, and the focus inside it goes back. A layout cleanup runs while the dialog is still in the
  // page, so the focus is seen inside it and is moved before Chromium drops it to <body>.
  useLayoutEffect(() => {
    const element = dialog.current;
    return () => {
      element?.close();
      restore.current(element, closed.current);
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className={wide ? 'dialog dialog-wide' : 'dialog'}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
      onCancel={(event) => {
        // Escape: close through React state, so the dialog and the state never disagree.
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div id={bodyId} className="dialog-body">
        {children}
      </div>
      <div className="dialog-actions">
        <button ref={cancel} type="button" className="button" disabled={busy} onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className={confirm.danger ? 'button button-danger' : 'button button-primary'} disabled={confirm.disabled} onClick={confirm.onClick}>
          {confirm.label}
        </button>
      </div>
    </dialog>
  );
}
