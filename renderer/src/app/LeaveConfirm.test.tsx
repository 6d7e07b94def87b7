// A screen with unsaved edits sets a leave guard (stores/ui.ts); leaving it for another screen,
// another organization or the Connect screen then asks first, and "Stay" (the default) stays.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { useLeaveGuard, useUi } from '../stores/ui';
import { installFakeBridge, removeFakeBridge, renderWithQueries } from '../testing/fake-bridge';
import { adam, olivia, overview } from '../testing/demo-samples';
import { App } from './App';

const UNSAVED = 'Your changes to 2 default settings are not saved.';

beforeEach(() => {
  localStorage.clear();
  useUi.setState({ selectedAccount: null, connectOpen: false, screen: 'overview', leaveGuard: null, pendingLeave: null });
  installFakeBridge({
    'accounts.list': () => [olivia, adam],
    'session.status': () => ({ state: 'live', detail: null, retryAt: null, lastLiveAt: null }),
    'realm.overview': ({ account }) => ({ ...overview, realmName: account === adam.id ? adam.realmName : olivia.realmName }),
  });
});

afterEach(() => {
  cleanup();
  removeFakeBridge();
  useUi.setState({ leaveGuard: null, pendingLeave: null });
});

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

async function shellWithUnsavedEdits() {
  renderWithQueries(<App />);
  await screen.findByText('Sandbox Realm', { selector: '.overview-realm strong' });
  useUi.getState().setLeaveGuard(() => ({ sentence: UNSAVED, count: 2 }));
}

describe('leaving a screen with unsaved edits', () => {
  test('another screen: the question shows what would be lost; Stay stays, "Discard and leave" goes', async () => {
    await shellWithUnsavedEdits();
    fireEvent.click(screen.getByRole('button', { name: 'Users & roles' }));
    const question = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(question.textContent).toContain(UNSAVED);
    expect(question.textContent).toContain('If you leave now, 2 unsaved changes are lost. Stay to save them first.');
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Stay' }));
    fireEvent.click(within(question).getByRole('button', { name: 'Stay' }));
    expect(heading()).toBe('Overview');
    expect(useUi.getState().leaveGuard).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Users & roles' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Discard and leave' }));
    await waitFor(() => expect(heading()).toBe('Users & roles'));
  });

  test('another organization: Stay keeps the organization in use', async () => {
    await shellWithUnsavedEdits();
    fireEvent.click(screen.getByRole('button', { name: /^Organization:/ }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Organizations' })).getByRole('button', { name: /^Second Realm/ }));
    const question = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Stay' }));
    expect(useUi.getState().selectedAccount).toBeNull();
    expect(screen.getByRole('button', { name: /^Organization:/ }).textContent).toContain('Olivia Owner');
  });

  test('the Connect screen asks too', async () => {
    await shellWithUnsavedEdits();
    fireEvent.click(screen.getByRole('button', { name: /^Organization:/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add an organization…' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Discard and leave' }));
    expect(await screen.findByRole('heading', { name: 'Add an organization' })).toBeTruthy();
  });

  test('closing or reloading the window asks too, and only while there are unsaved edits', async () => {
    renderWithQueries(<App />);
    await screen.findByText('Sandbox Realm', { selector: '.overview-realm strong' });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    useUi.getState().setLeaveGuard(() => ({ sentence: UNSAVED, count: 2 }));
    expect(unload()).toBe(true);
    useUi.getState().setLeaveGuard(null);
    expect(unload()).toBe(false);
  });

  test('without a guard nothing asks', async () => {
    renderWithQueries(<App />);
    await screen.findByText('Sandbox Realm', { selector: '.overview-realm strong' });
    fireEvent.click(screen.getByRole('button', { name: 'Users & roles' }));
    await waitFor(() => expect(heading()).toBe('Users & roles'));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  });
});

test('one unsaved change is spoken of in the singular', async () => {
  renderWithQueries(<App />);
  await screen.findByText('Sandbox Realm', { selector: '.overview-realm strong' });
  useUi.getState().setLeaveGuard(() => ({ sentence: 'You have an unsaved change to the default settings of Sandbox Realm.', count: 1 }));
  fireEvent.click(screen.getByRole('button', { name: 'Users & roles' }));
  const question = await screen.findByRole('dialog', { name: 'Leave without saving?' });
  expect(question.textContent).toContain('If you leave now, 1 unsaved change is lost. Stay to save it first.');
  expect(question.textContent).not.toContain('they are lost');
});

describe('useLeaveGuard', () => {
  function Editor({ unsaved }: { unsaved: string | null }) {
    useLeaveGuard(unsaved);
    return null;
  }

  test('guards while there are unsaved edits, and no longer once they are saved or the screen is gone', () => {
    const { rerender, unmount } = render(<Editor unsaved={null} />);
    expect(useUi.getState().leaveGuard).toBeNull();
    rerender(<Editor unsaved={UNSAVED} />);
    expect(useUi.getState().leaveGuard?.()).toEqual({ sentence: UNSAVED, count: 1 });
    rerender(<Editor unsaved={null} />);
    expect(useUi.getState().leaveGuard).toBeNull();
    rerender(<Editor unsaved={UNSAVED} />);
    unmount();
    expect(useUi.getState().leaveGuard).toBeNull();
  });
});
