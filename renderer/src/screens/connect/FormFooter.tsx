import type { FieldErrors } from 'react-hook-form';
import { errorAction, ProblemText } from '../../components/Field';

/** The form-level problem (one that belongs to no single input) and the submit button with its pending state. */
export function FormFooter({ errors, pending, label, pendingLabel }: { errors: FieldErrors; pending: boolean; label: string; pendingLabel: string }) {
  const problem = errors.root?.server;
  return (
    <>
      {problem && (
        <div role="alert">
          <ProblemText className="form-error" message={problem.message} action={errorAction(problem)} />
        </div>
      )}
      <button type="submit" className="button button-primary" disabled={pending} aria-busy={pending || undefined}>
        {pending ? pendingLabel : label}
      </button>
    </>
  );
}
