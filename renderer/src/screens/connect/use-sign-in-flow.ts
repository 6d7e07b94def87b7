// What the three sign-in forms share: send, put a failure next to the input it is about, and, where
// the computer offers no encrypted storage, ask before saving the key unencrypted and retry only if
// the user agrees. A refused http:// address or certificate offers its consent (TrustOptions.tsx)
// for the next try. The values are read from the form each time and kept nowhere else.
import { useState, type BaseSyntheticEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { BridgeError } from '../../bridge/bridge';
import { NEEDS_CONSENT, signInProblem, type SignInMethod } from './sign-in-problems';
import { CaFileProblem, consentsForAddress } from './trust';

/** The consents the core asked for, with the host each is about; null until it asks. */
export interface TrustOffers {
  cleartextHost: string | null;
  certificateHost: string | null;
}

export interface SignInFlow {
  onSubmit(event?: BaseSyntheticEvent): Promise<void>;
  /** Set while the question about unencrypted storage is open: the core's words about why. */
  consent: string | null;
  offers: TrustOffers;
  agree(): void;
  decline(): void;
}

export function useSignInFlow<V extends FieldValues>(
  method: SignInMethod,
  form: UseFormReturn<V>,
  send: (values: V, allowPlaintext: boolean) => Promise<unknown>,
): SignInFlow {
  const [consent, setConsent] = useState<string | null>(null);
  const [offers, setOffers] = useState<TrustOffers>({ cleartextHost: null, certificateHost: null });

  const attempt = (allowPlaintext: boolean) =>
    form.handleSubmit(async (values) => {
      try {
        await send(consentsForAddress(values, offers), allowPlaintext);
        form.reset();
        setOffers({ cleartextHost: null, certificateHost: null });
      } catch (error) {
        if (error instanceof BridgeError && error.code === NEEDS_CONSENT && !allowPlaintext) {
          setConsent(error.message);
          return;
        }
        if (error instanceof CaFileProblem) {
          form.setError('caFile' as Path<V>, { type: 'file', message: error.message });
          return;
        }
        if (error instanceof BridgeError) setOffers((previous) => offered(previous, error));
        const problem = signInProblem(error, method);
        const name = (problem.field ?? 'root.server') as Path<V> | 'root.server';
        // The certificate authority's file is folded away: its section opens and focuses it itself.
        form.setError(name, { type: 'server', message: problem.message, types: problem.action ? { action: problem.action } : {} }, { shouldFocus: problem.field !== 'caFile' });
      }
    });

  return {
    onSubmit: attempt(false),
    consent,
    offers,
    agree: () => {
      setConsent(null);
      void attempt(true)();
    },
    decline: () => {
      setConsent(null);
      form.setError('root.server', {
        type: 'server',
        message: 'Not signed in: the API key was not saved.',
        types: { action: 'Set up a keyring (for example GNOME Keyring or KWallet) and try again, or agree to save the key unencrypted.' },
      });
    },
  };
}

/** The consent a refusal offers, about the host it names; once offered it stays for the next tries. */
function offered(previous: TrustOffers, error: BridgeError): TrustOffers {
  const host = hostOf(error.detail.realmUrl) ?? (typeof error.detail.host === 'string' ? error.detail.host : null);
  if (error.code === 'CLEARTEXT_REFUSED') return { ...previous, cleartextHost: host };
  // Another authority's certificate was chosen: the way on is the right file, not consent.
  if (error.code === 'CERTIFICATE_UNTRUSTED' && error.detail.reason !== 'not-this-authority') return { ...previous, certificateHost: host };
  return previous;
}

function hostOf(realmUrl: unknown): string | null {
  if (typeof realmUrl !== 'string') return null;
  try {
    return new URL(realmUrl).host;
  } catch {
    return null;
  }
}
