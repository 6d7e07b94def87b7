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

/** A page with the button that opens the dialog, shown with `open` or by being mounted. */
function Page({ mounted, open, onClosed, opener = true }: { mounted: boolean; open: boolean; onClosed?: () => void; opener?: boolean }) {
  return (
    <div>
      <button type="button">Before</button>
      {opener && <button type="button">Change role…</button>}
      {mounted && (
        <Dialog open={open} title="Change role" onCancel={vi.fn()} confirm={{ label: 'Change', onClick: vi.fn() }} onClosed={onClosed}>
          <p>Who gains and who loses.</p>
        </Dialog>
      )}
    </div>
  );
}

function openFrom(page: { mounted: boolean; open: boolean }) {
  const view = render(<Page mounted={false} open={false} />);
  const opener = screen.getByRole('button', { name: 'Change role…' });
  opener.focus();
  view.rerender(<Page {...page} />);
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  return { view, opener };
}

test('closed with open=false, it gives the focus back to the button that opened it', () => {
  const { view, opener } = openFrom({ mounted: true, open: true });
  view.rerender(<Page mounted open={false} />);
  expect(document.activeElement).toBe(opener);
});

test('unmounted by its owner instead of closed, it gives the focus back all the same', () => {
  const { view, opener } = openFrom({ mounted: true, open: true });
  view.rerender(<Page mounted={false} open={false} />);
  expect(document.activeElement).toBe(opener);
});

test('when the button that opened it is gone, onClosed says where the focus goes', () => {
  const { view } = openFrom({ mounted: true, open: true });
  const before = screen.getByRole('button', { name: 'Before' });
  view.rerender(<Page mounted open={false} opener={false} onClosed={() => before.focus()} />);
  expect(document.activeElement).toBe(before);
});

test('when the opener is gone and no onClosed is given, its nearest surviving neighbour has the focus', () => {
  const { view } = openFrom({ mounted: true, open: true });
  view.rerender(<Page mounted={false} open={false} opener={false} />);
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Before' }));
});

/** A form whose confirm button becomes the destructive answer of its review, in the same dialog. */
function Steps({ reviewing }: { reviewing: boolean }) {
  return (
    <Dialog focusFirstField={!reviewing} title="Subscribers" onCancel={vi.fn()} confirm={{ label: reviewing ? 'Remove 82 subscriptions' : 'Review…', danger: reviewing, onClick: vi.fn() }}>
      {reviewing ? <p>Who loses what.</p> : <input aria-label="People" />}
    </Dialog>
  );
}

test('a form going on to its review moves the focus off the button that now removes, to Cancel; back puts it on the first field', () => {
  const view = render(<Steps reviewing={false} />);
  screen.getByRole('button', { name: 'Review…' }).focus();
  view.rerender(<Steps reviewing />);
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  view.rerender(<Steps reviewing={false} />);
  expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'People' }));
});
