// The welcome message new members get from the welcome bot (spec 9: administrators only, at most
// 8,000 characters of Markdown). Three choices that are easy to confuse, so each says what it does:
// the organization's default (null), no custom message (''), or the text written here. The preview
// is the server's own rendering (POST /messages/render), asked for on demand and then as the text
// settles, so it shows exactly what the server will make of the Markdown.
import { useEffect, useId, useState } from 'react';
import { useController, useWatch, type UseFormReturn } from 'react-hook-form';
import { MAX_WELCOME_MESSAGE_LENGTH } from '../../../../../shared/api/invites';
import { ProblemText } from '../../../components/Field';
import { SafeHtml } from '../../../components/SafeHtml';
import { errorWords } from '../../../errors/words';
import { useWelcomePreview } from '../../../queries/invitations';
import type { CampaignFormValues, WelcomeMode } from './campaign-form';

const CHOICES: { mode: WelcomeMode; label: string; explanation: string }[] = [
  {
    mode: 'default',
    label: 'The organization’s default welcome message',
    explanation: 'Whatever the organization’s settings say at the time each person joins (it may be none).',
  },
  { mode: 'none', label: 'No custom message', explanation: 'Only the standard welcome, without any custom text, even if the organization has a default message.' },
  { mode: 'custom', label: 'This message', explanation: 'The text below, in Markdown, instead of the organization’s default.' },
];

/** How long the text must rest before the open preview is rendered again. */
export const PREVIEW_DEBOUNCE_MS = 600;

export function WelcomeMessage({ form, account, realmUrl }: { form: UseFormReturn<CampaignFormValues>; account: string; realmUrl: string }) {
  const id = useId();
  const mode = useController({ control: form.control, name: 'welcomeMode' });
  const text = useWatch({ control: form.control, name: 'welcomeText' });
  const error = form.formState.errors.welcomeText;
  const over = text.length > MAX_WELCOME_MESSAGE_LENGTH;

  return (
    <fieldset className="inv-option-group welcome">
      <legend>Welcome message</legend>
      {CHOICES.map((choice) => (
        <label key={choice.mode} className="inv-choice">
          <input type="radio" name={mode.field.name} value={choice.mode} checked={mode.field.value === choice.mode} onChange={() => mode.field.onChange(choice.mode)} />
          <span>
            <span className="inv-choice-label">{choice.label}</span>
            <span className="inv-choice-explanation">{choice.explanation}</span>
          </span>
        </label>
      ))}
      {mode.field.value === 'custom' && (
        <div className="field inv-welcome-text">
          <label htmlFor={`${id}-text`}>Message (Markdown)</label>
          <textarea
            id={`${id}-text`}
            rows={6}
            aria-describedby={`${id}-counter${error ? ` ${id}-error` : ''}`}
            aria-invalid={error || over ? true : undefined}
            {...form.register('welcomeText')}
          />
          <p id={`${id}-counter`} className={over ? 'field-hint inv-counter inv-counter-over' : 'field-hint inv-counter'}>
            {text.length.toLocaleString()} / {MAX_WELCOME_MESSAGE_LENGTH.toLocaleString()} characters
          </p>
          {error && <ProblemText id={`${id}-error`} message={error.message} />}
          <WelcomePreview account={account} realmUrl={realmUrl} text={text} />
        </div>
      )}
    </fieldset>
  );
}

function WelcomePreview({ account, realmUrl, text }: { account: string; realmUrl: string; text: string }) {
  const [open, setOpen] = useState(false);
  const settled = useSettled(text, PREVIEW_DEBOUNCE_MS);
  const content = open && settled.trim() !== '' && settled.length <= MAX_WELCOME_MESSAGE_LENGTH ? settled : null;
  const preview = useWelcomePreview(account, content);

  if (!open) {
    return (
      <button type="button" className="button button-small inv-preview-button" onClick={() => setOpen(true)} disabled={text.trim() === ''}>
        Preview
      </button>
    );
  }
  return (
    <section className="inv-welcome-preview" aria-label="Preview of the welcome message">
      <div className="inv-welcome-preview-head">
        <span className="muted">Preview, as the server renders it{settled !== text ? ' (updating…)' : ''}</span>
        <button type="button" className="link-button" onClick={() => setOpen(false)}>
          Hide preview
        </button>
      </div>
      {content === null ? (
        <p className="muted">{text.trim() === '' ? 'Nothing to preview yet.' : 'The message is too long to preview.'}</p>
      ) : preview.isError ? (
        <p className="field-error" role="alert">
          Could not render the preview: {errorWords(preview.error).message}
        </p>
      ) : preview.data ? (
        <SafeHtml className="rendered-markdown" html={preview.data.html} realmUrl={realmUrl} />
      ) : (
        <p className="muted" aria-busy="true">
          Rendering…
        </p>
      )}
    </section>
  );
}

/** The value once it has stopped changing for `delay` milliseconds. */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
