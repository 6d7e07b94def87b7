// A line saying what an action just did, said where it was done, that takes the focus when it appears
// or changes: the button that did it has gone or is disabled now, and the focus would otherwise fall to
// the page. A status, so a screen reader says it too. Default settings' resets and Moderation's bulk mark
// use it.
import { useEffect, useRef, type ReactNode } from 'react';

export function FocusedStatus({ className, news, children }: { className: string; /** Focused again whenever this changes. */ news: unknown; children: ReactNode }) {
  const line = useRef<HTMLParagraphElement>(null);
  useEffect(() => line.current?.focus(), [news]);
  return (
    <p ref={line} className={className} role="status" tabIndex={-1}>
      {children}
    </p>
  );
}
