import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../components/Field';

/** The account's email address, as the password and API key forms ask for it. */
export function EmailField({ registration, error }: { registration: UseFormRegisterReturn; error?: FieldError }) {
  return (
    <Field label="Email" error={error}>
      {(control) => <input {...control} {...registration} type="email" autoComplete="username" spellCheck={false} />}
    </Field>
  );
}
