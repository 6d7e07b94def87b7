// The question asked when this computer cannot encrypt the API key (Linux without a keyring).
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { SignInFlow } from './use-sign-in-flow';

export function PlaintextConsent({ flow }: { flow: SignInFlow }) {
  return (
    <ConfirmDialog
      open={flow.consent !== null}
      title="Save the API key unencrypted?"
      confirmLabel="Save unencrypted and sign in"
      cancelLabel="Don’t sign in"
      danger
      onConfirm={flow.agree}
      onCancel={flow.decline}
    >
      <p>{flow.consent}</p>
      <p>
        If you agree, the key is kept in a file that anyone who can read your files could copy, and with it act as you in this
        organization until the key is changed. An organization administrator’s key is worth protecting: if you can, set up a
        keyring (GNOME Keyring or KWallet) and sign in again instead.
      </p>
    </ConfirmDialog>
  );
}
