// Shows a server's message HTML through the sanitizer (safe-html.ts). The sanitized nodes are put in
// place directly; React never sees the HTML as a string, so there is no dangerouslySetInnerHTML.
import { useLayoutEffect, useRef } from 'react';
import { sanitizeMessageHtml } from './safe-html';

export function SafeHtml({ html, realmUrl, className }: { html: string; realmUrl: string | null; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    box.current?.replaceChildren(sanitizeMessageHtml(html, realmUrl));
  }, [html, realmUrl]);
  return <div ref={box} className={className} />;
}
