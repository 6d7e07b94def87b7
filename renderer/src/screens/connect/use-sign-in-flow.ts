// What the three sign-in forms share: send, put a failure next to the input it is about, and, where
// the computer offers no encrypted storage, ask before saving the key unencrypted and retry only if
// the user agrees. The values are read from the form each time and kept nowhere else.
import { useState, type BaseSyntheticEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { BridgeError } from '../../bridge/bridge';
import { NEEDS_CONSENT, signInProblem, type SignInMethod } from './sign-in-problems';

export interface SignInFlow {
  onSubmit(event?: BaseSyntheticEvent): Promise<void>;
  /** Set while the question about unencrypted storage is open: the core's words about why. */
  consent: string | null;
  agree(): void;
  decline(): void;
}

export function useSignInFlow<V extends FieldValues>(
  method: SignInMethod,
  form: UseFormReturn<V>,
  send: (values: V, allowPlaintext: boolean) => Promise<unknown>,
): SignInFlow {
  const [consent, setConsent] = useState<string | null>(null);

  const attempt = (allowPlaintext: boolean) =>
    form.handleSubmit(async (values) => {
      try {
        await send(values, allowPlaintext);
        form.reset();
      } catch (error) {
        if (error instanceof BridgeError && error.code === NEEDS_CONSENT && !allowPlaintext) {
          setConsent(error.message);
          return;
        }
        const problem = signInProblem(error, method);
        const name = (problem.field ?? 'root.server') as Path<V> | 'root.server';
        form.setError(name, { type: 'server', message: problem.message, types: problem.action ? { action: problem.action } : {} }, { shouldFocus: true });
      }
    });

  return {
    onSubmit: attempt(false),
    consent,
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
