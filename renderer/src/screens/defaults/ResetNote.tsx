// What a reset to the usual defaults just did, said where it was done. The focus goes to it, since the
// button that did it has nothing left to reset and is gone or disabled.
import { useEffect, useRef } from 'react';

export function ResetNote({ words }: { words: string }) {
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => note.current?.focus(), [words]);
  return (
    <p ref={note} className="muted export-note reset-note" role="status" tabIndex={-1}>
      {words}
    </p>
  );
}
