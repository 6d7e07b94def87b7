// The organization's connection, on each sign-in form: its own certificate authority (a PEM file,
// folded away until wanted or until the server's certificate is refused), and the consent the core
// asked for after a refusal: unencrypted http:// to a server on the network, or a certificate left
// unchecked. Each consent says what it risks, and that the organization will carry a warning for it.
import { useEffect, useState } from 'react';
import { useWatch, type FieldErrors, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Field } from '../../components/Field';
import { FilePicker } from '../../components/FilePicker';
import type { TrustOffers } from './use-sign-in-flow';
import { typedHost, type TrustValues } from './trust';

export function TrustOptions<V extends FieldValues & TrustValues>({ form, offers }: { form: UseFormReturn<V>; offers: TrustOffers }) {
  const errors = form.formState.errors as FieldErrors<TrustValues>;
  const caProblem = errors.caFile?.message ?? null;
  // A consent is offered for the address it was refused at; once another is typed, it is gone.
  const typed = useWatch({ control: form.control, name: 'realmUrl' as Path<V> }) as unknown;
  const forAddress = (host: string | null) => host !== null && (typed === undefined || typedHost(typed) === host);
  const [open, setOpen] = useState(false);

  // A new certificate problem opens the section (adjusted while rendering, as React advises for state
  // that follows a prop), then puts the focus on the file to choose.
  const trigger = `${caProblem ?? ''}\n${offers.certificateHost ?? ''}`;
  const [seen, setSeen] = useState(trigger);
  if (trigger !== seen) {
    setSeen(trigger);
    if (caProblem || offers.certificateHost) setOpen(true);
  }
  useEffect(() => {
    if (open && caProblem) form.setFocus('caFile' as Path<V>);
  }, [open, caProblem, form]);

  return (
    <>
      <details className="trust-details" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>Certificate authority (optional)</summary>
        <Field
          label="Certificate authority (PEM file)"
          hint="Only if your organization's server has a certificate from the organization's own authority: choose that authority's certificate, a .pem or .crt file from your IT department."
          error={errors.caFile}
        >
          {(control) => <FilePicker {...control} {...form.register('caFile' as Path<V>)} />}
        </Field>
      </details>
      {offers.cleartextHost && forAddress(offers.cleartextHost) && (
        <Consent form={form} name="allowCleartext" label={`I understand: allow unencrypted http:// to ${offers.cleartextHost} for this organization`}>
          Only for a test server on your own network. Your password and API key cross the network unencrypted, where anyone on the way
          can read them, and the organization is marked “Unencrypted connection” for as long as you use it.
        </Consent>
      )}
      {offers.certificateHost && forAddress(offers.certificateHost) && (
        <Consent form={form} name="allowUncheckedCertificate" label={`I understand: do not check the certificate of ${offers.certificateHost} for this organization`}>
          Only for a server you know has a self-signed certificate. Anyone able to intercept the connection could then read your password
          and API key, and the organization is marked “Certificate not checked” for as long as you use it.
        </Consent>
      )}
    </>
  );
}

function Consent<V extends FieldValues>({ form, name, label, children }: { form: UseFormReturn<V>; name: keyof TrustValues; label: string; children: string | string[] }) {
  const id = `consent-${name}`;
  return (
    <div className="trust-consent">
      <input id={id} type="checkbox" aria-describedby={`${id}-risk`} {...form.register(name as Path<V>)} />
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-risk`} className="trust-consent-risk">
        {children}
      </p>
    </div>
  );
}
