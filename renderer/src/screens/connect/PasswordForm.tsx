// Sign in with email and password (POST /fetch_api_key in the core). The password goes straight
// from the form to the core and is kept nowhere: the form is reset once signed in.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { accountChannels } from '../../../../shared/ipc';
import { Field } from '../../components/Field';
import type { DraftProps } from './draft';
import { EmailField } from './EmailField';
import { useSignInWithPassword } from '../../queries/accounts';
import { FormFooter } from './FormFooter';
import { formWords } from './form-words';
import { PlaintextConsent } from './PlaintextConsent';
import { NO_TRUST, trustChoiceOf, trustFields } from './trust';
import { TrustOptions } from './TrustOptions';
import { UrlField } from './UrlField';
import { useSignInFlow } from './use-sign-in-flow';

const schema = accountChannels['accounts.signInWithPassword'].input.omit({ allowPlaintext: true, trust: true }).extend(trustFields);

export function PasswordForm({ draft, onDraft }: DraftProps) {
  const form = useForm({ resolver: zodResolver(schema, formWords), defaultValues: { realmUrl: draft.realmUrl, email: draft.email, password: '', ...NO_TRUST } });
  const signIn = useSignInWithPassword();
  const flow = useSignInFlow('password', form, async ({ caFile, allowCleartext, allowUncheckedCertificate, ...values }, allowPlaintext) => {
    const trust = await trustChoiceOf({ caFile, allowCleartext, allowUncheckedCertificate });
    return signIn.mutateAsync({ ...values, allowPlaintext, ...(trust ? { trust } : {}) });
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form className="connect-form" noValidate onSubmit={flow.onSubmit}>
      <UrlField registration={form.register('realmUrl', { onChange: (event) => onDraft('realmUrl', event.target.value) })} error={errors.realmUrl} />
      <EmailField registration={form.register('email', { onChange: (event) => onDraft('email', event.target.value) })} error={errors.email} />
      <Field label="Password" error={errors.password}>
        {(control) => <input {...control} {...form.register('password')} type="password" autoComplete="current-password" />}
      </Field>
      <TrustOptions form={form} offers={flow.offers} />
      <FormFooter errors={errors} pending={isSubmitting} label="Sign in" pendingLabel="Signing in…" />
      <PlaintextConsent flow={flow} />
    </form>
  );
}
