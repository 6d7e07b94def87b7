// Import a zuliprc file ([api] email, key, site). The page reads the file and sends its text; the
// core parses it, checks the key with GET /users/me and saves it encrypted.
import { useForm } from 'react-hook-form';
import { Field } from '../../components/Field';
import { FilePicker } from '../../components/FilePicker';
import { useImportZuliprc } from '../../queries/accounts';
import { FormFooter } from './FormFooter';
import { PlaintextConsent } from './PlaintextConsent';
import { NO_TRUST, trustChoiceOf, type TrustValues } from './trust';
import { TrustOptions } from './TrustOptions';
import { useSignInFlow } from './use-sign-in-flow';
import { readZuliprc, ZuliprcFileProblem } from './zuliprc-file';

interface Values extends TrustValues {
  file: FileList | null;
}

/** The file's problem in words, or true: checked as the form validates, so nothing is sent for a wrong file. */
async function checkFile(files: FileList | null): Promise<string | true> {
  try {
    await readZuliprc(files?.[0]);
    return true;
  } catch (error) {
    if (error instanceof ZuliprcFileProblem) return error.message;
    throw error;
  }
}

export function ZuliprcForm() {
  const form = useForm<Values>({ defaultValues: { file: null, ...NO_TRUST } });
  const importFile = useImportZuliprc();
  const flow = useSignInFlow('zuliprc', form, async (values, allowPlaintext) => {
    const trust = await trustChoiceOf(values);
    return importFile.mutateAsync({ contents: await readZuliprc(values.file?.[0]), allowPlaintext, ...(trust ? { trust } : {}) });
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form className="connect-form" noValidate onSubmit={flow.onSubmit}>
      <Field
        label="zuliprc file"
        hint="Download it from the organization: Personal settings → Account & privacy → API key → Download zuliprc."
        error={errors.file}
      >
        {/* No `accept` filter: the file is usually named plain "zuliprc", which an extension filter would hide. */}
        {(control) => <FilePicker {...control} {...form.register('file', { validate: checkFile })} />}
      </Field>
      <TrustOptions form={form} offers={flow.offers} />
      <FormFooter errors={errors} pending={isSubmitting} label="Import and sign in" pendingLabel="Signing in…" />
      <PlaintextConsent flow={flow} />
    </form>
  );
}
