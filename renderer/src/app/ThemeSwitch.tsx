import { useUi, type ThemeChoice } from '../stores/ui';

const CHOICES: { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function ThemeSwitch() {
  const theme = useUi((state) => state.theme);
  const setTheme = useUi((state) => state.setTheme);
  return (
    <label className="theme-switch">
      Theme
      <select value={theme} onChange={(event) => setTheme(event.target.value as ThemeChoice)}>
        {CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}
