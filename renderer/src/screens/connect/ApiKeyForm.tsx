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
import { NO_TRUST, trustChoiceOf, trustFields } from './trust';
import { TrustOptions } from './TrustOptions';
import { UrlField } from './UrlField';
import { useSignInFlow } from './use-sign-in-flow';

const schema = accountChannels['accounts.signInWithApiKey'].input.omit({ allowPlaintext: true, trust: true }).extend(trustFields);

export function ApiKeyForm({ draft, onDraft }: DraftProps) {
  const form = useForm({ resolver: zodResolver(schema, formWords), defaultValues: { realmUrl: draft.realmUrl, email: draft.email, apiKey: '', ...NO_TRUST } });
  const signIn = useSignInWithApiKey();
  const flow = useSignInFlow('apiKey', form, async ({ caFile, allowCleartext, allowUncheckedCertificate, ...values }, allowPlaintext) => {
    const trust = await trustChoiceOf({ caFile, allowCleartext, allowUncheckedCertificate });
    return signIn.mutateAsync({ ...values, allowPlaintext, ...(trust ? { trust } : {}) });
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form className="connect-form" noValidate onSubmit={flow.onSubmit}>
      <UrlField registration={form.register('realmUrl', { onChange: (event) => onDraft('realmUrl', event.target.value) })} error={errors.realmUrl} />
      <EmailField registration={form.register('email', { onChange: (event) => onDraft('email', event.target.value) })} error={errors.email} />
      <Field label="API key" hint="In the organization: Personal settings → Account & privacy → API key." error={errors.apiKey}>
        {(control) => <input {...control} {...form.register('apiKey')} type="password" autoComplete="off" spellCheck={false} />}
      </Field>
      <TrustOptions form={form} offers={flow.offers} />
      <FormFooter errors={errors} pending={isSubmitting} label="Sign in" pendingLabel="Signing in…" />
      <PlaintextConsent flow={flow} />
    </form>
  );
}
