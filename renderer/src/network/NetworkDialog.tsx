// Network settings: how the console reaches servers. The system's proxy settings (in browser mode,
// the proxy environment variables), no proxy, a proxy given here with its sign-in and the addresses
// that skip it, or a proxy auto-configuration file. The core checks what is typed and says what is
// wrong next to the field; nothing changes until it accepts. A saved proxy password is never shown:
// the core says only that one is kept.
import { useEffect } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import type { NetworkSettingsInput, NetworkStatus, ProxyMode } from '../../../shared/ipc';
import { BridgeError } from '../bridge/bridge';
import { Field, ProblemText, errorAction } from '../components/Field';
import { PanelDialog } from '../components/PanelDialog';
import { errorWords } from '../errors/words';
import { useNetworkStatus, useSaveNetwork } from '../queries/network';
import { toast } from '../stores/toasts';
import './network.css';

const MODES: { mode: ProxyMode; label: string }[] = [
  { mode: 'system', label: "The system's proxy settings" },
  { mode: 'none', label: 'No proxy' },
  { mode: 'manual', label: 'A proxy I give' },
  { mode: 'pac', label: 'A proxy auto-configuration (PAC) file' },
];

const FIELDS = new Set(['proxyUrl', 'proxyUsername', 'proxyPassword', 'bypass', 'pacUrl']);

export function NetworkDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const status = useNetworkStatus(open);
  return (
    <PanelDialog open={open} title="Network settings" onClose={onClose}>
      {status.isPending && <p className="muted">Reading the network settings…</p>}
      {status.isError && <ProblemText message={errorWords(status.error).message} action="Close this window and try again." />}
      {status.data && <NetworkForm status={status.data} onDone={onClose} />}
    </PanelDialog>
  );
}

function NetworkForm({ status, onDone }: { status: NetworkStatus; onDone(): void }) {
  const form = useForm<NetworkSettingsInput>({ defaultValues: { ...status.settings, proxyPassword: '' } });
  const save = useSaveNetwork();
  const mode = useWatch({ control: form.control, name: 'mode' });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => form.reset({ ...status.settings, proxyPassword: '' }), [form, status.settings]);

  const onSubmit = form.handleSubmit(async (settings) => {
    try {
      await save.mutateAsync(settings);
      toast({ kind: 'success', title: `Network settings saved: ${MODES.find((choice) => choice.mode === settings.mode)?.label.toLowerCase()}.` });
      onDone();
    } catch (error) {
      const field = error instanceof BridgeError && typeof error.detail.field === 'string' && FIELDS.has(error.detail.field) ? (error.detail.field as keyof NetworkSettingsInput) : null;
      const words = errorWords(error);
      form.setError(field ?? 'root.server', { type: 'server', message: words.message, types: words.action ? { action: words.action } : {} }, { shouldFocus: true });
    }
  });

  return (
    <form className="network-form" noValidate onSubmit={onSubmit}>
      {status.problem && (
        <p className="network-problem" role="note">
          {status.problem}
        </p>
      )}
      <fieldset className="network-modes">
        <legend>Connect to organizations through</legend>
        {MODES.map((choice) => (
          <label key={choice.mode} className="network-mode">
            <input type="radio" value={choice.mode} {...form.register('mode')} />
            {choice.label}
          </label>
        ))}
      </fieldset>
      <ModeFields mode={mode} status={status} form={form} errors={errors} />
      {errors.root?.server && (
        <div role="alert">
          <ProblemText className="form-error" message={errors.root.server.message} action={errorAction(errors.root.server)} />
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}

interface ModeFieldsProps {
  mode: ProxyMode;
  status: NetworkStatus;
  form: ReturnType<typeof useForm<NetworkSettingsInput>>;
  errors: FieldErrors<NetworkSettingsInput>;
}

function ModeFields({ mode, status, form, errors }: ModeFieldsProps) {
  switch (mode) {
    case 'system':
      return <p className="network-note">{systemWords(status)}</p>;
    case 'none':
      return <p className="network-note">Every request goes straight to the organization's server.</p>;
    case 'manual':
      return (
        <>
          <Field label="Proxy address" hint="http://host:port or https://host:port, like http://proxy.example.com:3128." error={errors.proxyUrl}>
            {(control) => <input {...control} {...form.register('proxyUrl')} type="text" inputMode="url" spellCheck={false} placeholder="http://proxy.example.com:3128" />}
          </Field>
          <Field label="Proxy user name" hint="Only if the proxy asks you to sign in to it. Leave empty for none." error={errors.proxyUsername}>
            {(control) => <input {...control} {...form.register('proxyUsername')} type="text" autoComplete="off" spellCheck={false} />}
          </Field>
          <Field
            label="Proxy password"
            hint={status.proxyPasswordSaved ? 'A password is saved, encrypted. Leave this empty to keep it, or type a new one.' : 'Kept encrypted on this computer, never shown again.'}
            error={errors.proxyPassword}
          >
            {(control) => <input {...control} {...form.register('proxyPassword')} type="password" autoComplete="new-password" />}
          </Field>
          <Field
            label="Addresses that skip the proxy"
            hint="One a line, or separated by commas: example.com, *.example.com, 10.0.0.0/8, <local> (names without a dot). This computer's own addresses always skip it; add <-loopback> to send them through it too."
            error={errors.bypass}
          >
            {(control) => <textarea {...control} {...form.register('bypass')} rows={3} spellCheck={false} />}
          </Field>
        </>
      );
    case 'pac':
      return (
        <Field label="PAC file address" hint="Like http://wpad.example.com/wpad.dat, or a file:// on this computer. It is read again each time you save." error={errors.pacUrl}>
          {(control) => <input {...control} {...form.register('pacUrl')} type="text" inputMode="url" spellCheck={false} placeholder="http://wpad.example.com/wpad.dat" />}
        </Field>
      );
  }
}

function systemWords(status: NetworkStatus): string {
  if (status.stack === 'electron') return 'As the operating system is set up, including its automatic proxy configuration.';
  const environment = status.environment;
  const set = environment
    ? [
        environment.httpsProxy && `HTTPS_PROXY=${environment.httpsProxy}`,
        environment.httpProxy && `HTTP_PROXY=${environment.httpProxy}`,
        environment.noProxy && `NO_PROXY=${environment.noProxy}`,
      ].filter(Boolean)
    : [];
  const now = set.length ? `Now: ${set.join(', ')}.` : 'None of them is set now, so requests go straight to the server.';
  return `Browser mode follows the HTTPS_PROXY, HTTP_PROXY and NO_PROXY environment variables of npm start. ${now} This computer's own addresses never use a proxy.`;
}
