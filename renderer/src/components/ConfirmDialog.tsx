// A modal question with two answers, the body being the question's explanation (components/Dialog.tsx:
// Escape is "no", and "no" has the focus).
import { useId, type ReactNode } from 'react';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Styles the confirming button as destructive (signing out, saving a key unencrypted). */
  danger?: boolean;
  /** The question no longer applies as it stands (the body says why): the confirming answer is disabled. */
  confirmDisabled?: boolean;
  onConfirm(): void;
  onCancel(): void;
  /** After closing: where focus should go when the element that opened the dialog is gone. */
  onClosed?(): void;
}

export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, danger, confirmDisabled, onConfirm, onCancel, onClosed }: ConfirmDialogProps) {
  const bodyId = useId();
  return (
    <Dialog
      open={open}
      title={title}
      bodyId={bodyId}
      describedBy={bodyId}
      cancelLabel={cancelLabel}
      onCancel={onCancel}
      confirm={{ label: confirmLabel, danger, disabled: confirmDisabled, onClick: onConfirm }}
      onClosed={onClosed}
    >
      {children}
    </Dialog>
  );
}
