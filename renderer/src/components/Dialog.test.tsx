import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { Dialog } from './Dialog';

afterEach(cleanup);

function open(props: { busy?: boolean; danger?: boolean; onCancel?: () => void; onConfirm?: () => void } = {}) {
  render(
    <Dialog
      title="Revoke this invitation?"
      bodyId="body"
      describedBy="body"
      busy={props.busy}
      onCancel={props.onCancel ?? vi.fn()}
      confirm={{ label: 'Revoke', danger: props.danger, onClick: props.onConfirm ?? vi.fn() }}
    >
      <p>The link in it stops working.</p>
    </Dialog>,
  );
  return screen.getByRole('dialog', { name: 'Revoke this invitation?' });
}

test('named by its title, described by its body; the safe answer first and focused; Escape is Cancel', () => {
  const onCancel = vi.fn();
  const onConfirm = vi.fn();
  const dialog = open({ onCancel, onConfirm, danger: true });
  expect(dialog.getAttribute('aria-describedby')).toBe('body');
  expect(document.getElementById('body')?.textContent).toBe('The link in it stops working.');
  const buttons = screen.getAllByRole('button');
  expect(buttons.map((button) => button.textContent)).toEqual(['Cancel', 'Revoke']);
  expect(document.activeElement).toBe(buttons[0]);
  expect(buttons[1]?.className).toBe('button button-danger');
  fireEvent.click(buttons[1] as HTMLElement);
  expect(onConfirm).toHaveBeenCalledTimes(1);
  fireEvent(dialog, new Event('cancel', { cancelable: true }));
  expect(onCancel).toHaveBeenCalledTimes(1);
});

test('while something is under way, Cancel and Escape wait: nothing is left half done', () => {
  const onCancel = vi.fn();
  const dialog = open({ busy: true, onCancel });
  expect(dialog.getAttribute('aria-busy')).toBe('true');
  expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
  const escape = new Event('cancel', { cancelable: true });
  fireEvent(dialog, escape);
  expect(escape.defaultPrevented).toBe(true);
  expect(onCancel).not.toHaveBeenCalled();
});
