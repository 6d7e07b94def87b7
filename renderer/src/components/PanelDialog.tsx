// A modal panel with a title and a Close button (settings, diagnostics), on the native <dialog>: it
// keeps focus inside while open, and Escape closes it. For a question with two answers, ConfirmDialog.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Icon } from './Icon';
import './dialog.css';

export interface PanelDialogProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Wider, for tables. */
  wide?: boolean;
}

export function PanelDialog({ open, title, onClose, children, wide }: PanelDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className={wide ? 'dialog panel-dialog panel-dialog-wide' : 'dialog panel-dialog'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="panel-dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      {open && children}
    </dialog>
  );
}
