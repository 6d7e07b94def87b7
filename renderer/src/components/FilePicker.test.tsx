import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef, type ReactNode } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { FilePicker } from './FilePicker';

afterEach(cleanup);

function choose(input: HTMLElement, files: File[]) {
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
}

function labelled(picker: ReactNode) {
  return render(
    <>
      <label id="file-label" htmlFor="file">
        CSV file
      </label>
      {picker}
    </>,
  );
}

test('the input keeps the name its label gives it; the face says what to do and is hidden from assistive technology', () => {
  const { container } = labelled(<FilePicker id="file" accept=".csv" />);
  const input = screen.getByLabelText('CSV file');
  expect(input.getAttribute('type')).toBe('file');
  expect(input.getAttribute('accept')).toBe('.csv');
  const face = container.querySelector('.file-picker-face');
  expect(face?.getAttribute('aria-hidden')).toBe('true');
  expect(face?.textContent).toBe('Choose file…No file chosen');
});

test('shows the chosen file’s name and passes the change on', () => {
  const onChange = vi.fn();
  const { container } = labelled(<FilePicker id="file" onChange={onChange} />);
  choose(screen.getByLabelText('CSV file'), [new File(['a@example.com'], 'people.csv')]);
  expect(onChange).toHaveBeenCalledTimes(1);
  expect(container.querySelector('.file-picker-face')?.textContent).toBe('Choose another file…people.csv');
  choose(screen.getByLabelText('CSV file'), []);
  expect(container.querySelector('.file-picker-face')?.textContent).toBe('Choose file…No file chosen');
});

test('a file chosen before the picker was drawn is shown until another is chosen', () => {
  const { container } = labelled(<FilePicker id="file" defaultFileName="people.csv" />);
  expect(container.querySelector('.file-picker-name')?.textContent).toBe('people.csv');
});

test('the ref and the described-by and invalid states reach the input, as a form library sets them', () => {
  const ref = createRef<HTMLInputElement>();
  labelled(<FilePicker id="file" ref={ref} name="file" aria-describedby="hint" aria-invalid />);
  const input = screen.getByLabelText('CSV file');
  expect(ref.current).toBe(input);
  expect(input.getAttribute('name')).toBe('file');
  expect(input.getAttribute('aria-describedby')).toBe('hint');
  expect(input.getAttribute('aria-invalid')).toBe('true');
});

test('its name is its label and then the words shown on it, so the visible text is in the name', () => {
  labelled(<FilePicker id="file" />);
  const input = screen.getByLabelText('CSV file');
  const words = () => (input.getAttribute('aria-labelledby') ?? '').split(' ').map((ref) => document.getElementById(ref)?.textContent);
  expect(words()).toEqual(['CSV file', 'Choose file…']);
  expect(screen.getByLabelText('CSV file Choose file…')).toBe(input);
  choose(input, [new File(['a@example.com'], 'people.csv')]);
  expect(words()).toEqual(['CSV file', 'Choose another file…']);
});
