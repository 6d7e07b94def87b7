// A file input that looks like the rest of the app: a "Choose file…" button and the chosen file's name.
// The native input is kept, transparent and laid over that face, so everything it does still works:
// its label names it for assistive technology (the face is hidden from it), Tab focuses it and Space
// or Enter opens the picker, a click anywhere on the face opens it, and a file can be dropped on it.
// Its name is its label and then the face's button words ("CSV file Choose file…"), so the words a user
// sees on it are in the name a screen reader says and a voice user speaks (WCAG 2.5.3, label in name):
// the label is found by its ID, the input's ID with "-label" (components/Field.tsx gives it so).
import { useId, useState, type ChangeEvent, type InputHTMLAttributes, type Ref } from 'react';
import './file-picker.css';

export interface FilePickerProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'children'> {
  ref?: Ref<HTMLInputElement>;
  /** The file chosen before this picker was drawn (a screen left and come back to), shown until another is chosen. */
  defaultFileName?: string | null;
}

/** The ID a picker's label carries, so the picker can name itself with it. */
export const filePickerLabelId = (inputId: string) => `${inputId}-label`;

export function FilePicker({ ref, defaultFileName = null, onChange, ...input }: FilePickerProps) {
  const [fileName, setFileName] = useState<string | null>(defaultFileName);
  const ownId = useId();
  const id = input.id ?? ownId;
  const labelledBy = input['aria-labelledby'] ?? `${filePickerLabelId(id)} ${id}-face`;
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    setFileName(event.target.files?.[0]?.name ?? null);
    onChange?.(event);
  };
  return (
    <span className="file-picker">
      <input {...input} id={id} aria-labelledby={labelledBy} ref={ref} type="file" className="file-picker-input" onChange={change} />
      <span className="file-picker-face" aria-hidden="true">
        <span className="file-picker-button" id={`${id}-face`}>{fileName ? 'Choose another file…' : 'Choose file…'}</span>
        <span className="file-picker-name" data-empty={fileName === null || undefined}>
          {fileName ?? 'No file chosen'}
        </span>
      </span>
    </span>
  );
}
