// A modal question with two answers. The native <dialog> keeps focus inside while open, and Escape
// closes it (as "no").
import { useEffect, useId, useRef, type ReactNode } from 'react';
import './dialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Styles the confirming button as destructive (signing out, saving a key unencrypted). */
  danger?: boolean;
  onConfirm(): void;
  onCancel(): void;
  /** After closing: where focus should go when the element that opened the dialog is gone. */
  onClosed?(): void;
}

export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel = 'Cancel', danger, onConfirm, onCancel, onClosed }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  const closed = useRef(onClosed);
  useEffect(() => {
    closed.current = onClosed;
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) {
      element.close();
      // Only now: while the modal is open, everything outside it is inert and cannot take focus.
      closed.current?.();
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        // Escape: close through React state, so the dialog and the state never disagree.
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div id={bodyId} className="dialog-body">
        {children}
      </div>
      <div className="dialog-actions">
        {/* Cancel first in the DOM and focused first: the safe answer is the default. */}
        <button type="button" className="button" autoFocus onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className={danger ? 'button button-danger' : 'button button-primary'} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
