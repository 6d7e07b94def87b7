// One setting's control, by kind: a switch for on/off, a list of the values in words for enumerations
// and sounds, a number box with its unit for the numeric settings. The row around it gives the label.
import { useState } from 'react';
import { supportsValue, USER_SETTING_SINCE, type UserSettingValue } from '../../../../shared/api';
import { durationWords, soundWords, valueWords } from '../../../../shared/domain/defaults-words';
import type { CatalogueEntry, IntEntry } from '../../../../shared/domain/user-settings-defaults';

export interface SettingControlProps {
  entry: CatalogueEntry;
  id: string;
  describedBy: string;
  /** The value shown: the edit's, else the server's. */
  value: UserSettingValue | undefined;
  disabled: boolean;
  featureLevel: number;
  availableSounds: readonly string[];
  invalid: string | undefined;
  onChange(value: UserSettingValue): void;
  /** A typed number that is not allowed yet (null: the problem is gone). */
  onInvalid(problem: string | null): void;
}

export function SettingControl(props: SettingControlProps) {
  const { entry, id, describedBy, value, disabled } = props;
  switch (entry.type) {
    case 'boolean':
      return (
        <span className="setting-switch">
          <input
            id={id}
            type="checkbox"
            role="switch"
            aria-describedby={describedBy}
            checked={value === true}
            disabled={disabled}
            onChange={(event) => props.onChange(event.target.checked)}
          />
          <span aria-hidden="true">{value === undefined ? '' : value === true ? 'On' : 'Off'}</span>
        </span>
      );
    case 'enum-int':
    case 'enum-string':
      return (
        <select
          id={id}
          aria-describedby={describedBy}
          value={value === undefined ? '' : String(value)}
          disabled={disabled}
          onChange={(event) => props.onChange(entry.type === 'enum-int' ? Number(event.target.value) : event.target.value)}
        >
          {value === undefined && <option value="">Not reported</option>}
          {value !== undefined && !entry.values.some((option) => option.value === value) && (
            <option value={String(value)} disabled>
              {valueWords(entry, value)}
            </option>
          )}
          {entry.values.map((option) => {
            const offered = supportsValue(props.featureLevel, entry.name, option.value);
            return (
              <option key={String(option.value)} value={String(option.value)} disabled={!offered}>
                {option.label}
                {offered ? '' : ' (not offered by this server)'}
              </option>
            );
          })}
        </select>
      );
    case 'string': {
      const sounds = [...new Set([...props.availableSounds, 'none', ...(typeof value === 'string' ? [value] : [])])];
      return (
        <select id={id} aria-describedby={describedBy} value={typeof value === 'string' ? value : ''} disabled={disabled} onChange={(event) => props.onChange(event.target.value)}>
          {value === undefined && <option value="">Not reported</option>}
          {sounds.map((sound) => (
            <option key={sound} value={sound}>
              {soundWords(sound)}
            </option>
          ))}
        </select>
      );
    }
    case 'int':
      return <NumberControl {...props} entry={entry} />;
  }
}

function NumberControl({ entry, id, describedBy, value, disabled, invalid, onChange, onInvalid }: SettingControlProps & { entry: IntEntry }) {
  // What is typed, which may not be a valid value yet; the edit follows only valid values.
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (typeof value === 'number' ? String(value) : '');
  const onText = (next: string) => {
    setText(next);
    const number = Number(next);
    if (next.trim() === '' || !Number.isInteger(number) || number < entry.min || number > entry.max) {
      onInvalid(`Use a whole number from ${entry.min} to ${entry.max}.`);
      return;
    }
    onInvalid(null);
    onChange(number);
  };
  return (
    <span className="setting-number">
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={entry.min}
        max={entry.max}
        step={1}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        value={shown}
        disabled={disabled}
        onChange={(event) => onText(event.target.value)}
        onBlur={() => {
          // A valid value is shown as the edit has it from now on (live changes included).
          if (!invalid) setText(null);
        }}
      />
      <span className="muted">{entry.unit === 'seconds' && typeof value === 'number' ? `seconds (${durationWords(value)})` : entry.unit}</span>
    </span>
  );
}

/** "Upstream added this setting at feature level 329; this server reports 300." */
export function unsupportedWords(entry: CatalogueEntry, featureLevel: number): string {
  return `This server does not report this setting, so it cannot be changed here: upstream added it at feature level ${USER_SETTING_SINCE[entry.name]}, and this server is at ${featureLevel}.`;
}
