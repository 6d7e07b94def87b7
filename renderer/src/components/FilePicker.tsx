// A file input that looks like the rest of the app: a "Choose file…" button and the chosen file's name.
// The native input is kept, transparent and laid over that face, so everything it does still works:
// its label names it for assistive technology (the face is hidden from it), Tab focuses it and Space
// or Enter opens the picker, a click anywhere on the face opens it, and a file can be dropped on it.
import { useState, type ChangeEvent, type InputHTMLAttributes, type Ref } from 'react';
import './file-picker.css';

export interface FilePickerProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'children'> {
  ref?: Ref<HTMLInputElement>;
  /** The file chosen before this picker was drawn (a screen left and come back to), shown until another is chosen. */
  defaultFileName?: string | null;
}

export function FilePicker({ ref, defaultFileName = null, onChange, ...input }: FilePickerProps) {
  const [fileName, setFileName] = useState<string | null>(defaultFileName);
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    setFileName(event.target.files?.[0]?.name ?? null);
    onChange?.(event);
  };
  return (
    <span className="file-picker">
      <input {...input} ref={ref} type="file" className="file-picker-input" onChange={change} />
      <span className="file-picker-face" aria-hidden="true">
        <span className="file-picker-button">{fileName ? 'Choose another file…' : 'Choose file…'}</span>
        <span className="file-picker-name" data-empty={fileName === null || undefined}>
          {fileName ?? 'No file chosen'}
        </span>
      </span>
    </span>
  );
}
