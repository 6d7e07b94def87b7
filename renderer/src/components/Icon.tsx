// Small line icons drawn inline (the page's CSP allows no remote images or fonts). They always sit
// next to words that say the same thing, so they are hidden from assistive technology.
const PATHS = {
  live: 'M4 10.5l4 4 8-9', // a tick
  connecting: 'M10 3a7 7 0 1 1-7 7', // an open arc
  reconnecting: 'M16 5v4h-4M15.5 9A6 6 0 1 0 16 12', // a circling arrow
  offline: 'M10 3l8 14H2zM10 8v4M10 14.5v.5', // a warning triangle
  close: 'M5 5l10 10M15 5L5 15',
  chevron: 'M6 8l4 4 4-4',
  plus: 'M10 4v12M4 10h12',
  info: 'M10 9v5M10 6v.5M10 2a8 8 0 1 0 0 16a8 8 0 1 0 0-16',
  error: 'M10 6v5M10 13.5v.5M10 2a8 8 0 1 0 0 16a8 8 0 1 0 0-16',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      className={`icon${className ? ` ${className}` : ''}`}
      viewBox="0 0 20 20"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
