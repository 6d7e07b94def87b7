// Sign in with email and an API key (checked with GET /users/me in the core before it is saved).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { accountChannels } from '../../../../shared/ipc';
import { Field } from '../../components/Field';
import type { DraftProps } from './draft';
import { EmailField } from './EmailField';
import { useSignInWithApiKey } from '../../queries/accounts';
import { FormFooter } from './FormFooter';
import { formWords } from './form-words';
import { PlaintextConsent } from './PlaintextConsent';
import { UrlField } from './UrlField';
import { useSignInFlow } from './use-sign-in-flow';

const schema = accountChannels['accounts.signInWithApiKey'].input.omit({ allowPlaintext: true });

export function ApiKeyForm({ draft, onDraft }: DraftProps) {
  const form = useForm({ resolver: zodResolver(schema, formWords), defaultValues: { realmUrl: draft.realmUrl, email: draft.email, apiKey: '' } });
  const signIn = useSignInWithApiKey();
  const flow = useSignInFlow('apiKey', form, (values, allowPlaintext) => signIn.mutateAsync({ ...values, allowPlaintext }));
  const { errors, isSubmitting } = form.formState;
  return (
    <form className="connect-form" noValidate onSubmit={flow.onSubmit}>
      <UrlField registration={form.register('realmUrl', { onChange: (event) => onDraft('realmUrl', event.target.value) })} error={errors.realmUrl} />
      <EmailField registration={form.register('email', { onChange: (event) => onDraft('email', event.target.value) })} error={errors.email} />
      <Field label="API key" hint="In the organization: Personal settings → Account & privacy → API key." error={errors.apiKey}>
        {(control) => <input {...control} {...form.register('apiKey')} type="password" autoComplete="off" spellCheck={false} />}
      </Field>
      <FormFooter errors={errors} pending={isSubmitting} label="Sign in" pendingLabel="Signing in…" />
      <PlaintextConsent flow={flow} />
    </form>
  );
}
