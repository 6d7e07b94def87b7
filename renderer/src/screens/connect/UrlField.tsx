import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../components/Field';

/** The organization's address. Trimmed by the shared schema; the core normalizes it and says what is wrong. */
export function UrlField({ registration, error }: { registration: UseFormRegisterReturn; error?: FieldError }) {
  return (
    <Field label="Server URL" hint="The address you open in a browser to chat, e.g. https://chat.example.com" error={error}>
      {(control) => (
        <input {...control} {...registration} type="url" inputMode="url" autoComplete="url" spellCheck={false} placeholder="https://chat.example.com" />
      )}
    </Field>
  );
}
