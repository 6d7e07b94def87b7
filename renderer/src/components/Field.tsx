// A labelled input with its error (the problem, then what to do) and a hint, wired for screen
// readers: the input names its error and hint through aria-describedby.
import { useId, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { filePickerLabelId } from './FilePicker';
import { Icon } from './Icon';
import './field.css';

export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: FieldError;
  children(control: ControlProps): ReactNode;
}

export function Field({ label, hint, error, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint && !error ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label id={filePickerLabelId(id)} htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy || undefined, 'aria-invalid': error ? true : undefined })}
      {error && <ProblemText id={errorId} message={error.message} action={errorAction(error)} />}
      {/* While there is a problem it says what to enter; the hint would only repeat it. */}
      {hint && !error && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A problem in words and what to do about it. The icon is decoration: the words carry it. */
export function ProblemText({ id, message, action, className = 'field-error' }: { id?: string; message?: string; action?: string | null; className?: string }) {
  return (
    <div id={id} className={className}>
      <p className="problem-message">
        <Icon name="error" />
        <span>
          <span className="visually-hidden">Error: </span>
          {message}
        </span>
      </p>
      {action && <p className="problem-action">{action}</p>}
    </div>
  );
}

/** Server errors carry what to do in `types.action` (see screens/connect/use-sign-in-flow.ts). */
export function errorAction(error: object | undefined): string | null {
  const types = error && 'types' in error ? (error.types as Record<string, unknown> | undefined) : undefined;
  const action = types?.action;
  return typeof action === 'string' ? action : null;
}
