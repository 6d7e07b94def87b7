import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Account, ReportContext } from '../../../../shared/ipc';
import { olivia } from '../../testing/demo-samples';
import { CHANNEL_CONTEXT } from './testing/report-samples';
import { closeModeration, resetModeration, rows, showModeration } from './testing/show-moderation';

const DELETED: ReportContext = { available: false, explanation: 'The reported message was deleted.', deleted: true, messages: [] };

beforeEach(resetModeration);
afterEach(closeModeration);

/** Opens the report at `index` (0: the newest) and waits for its conversation. */
async function open(index: number) {
  fireEvent.click((await rows())[index]!);
  await screen.findByLabelText('Reported message from Nora Quinn');
}

const deleteButton = () => screen.findByRole('button', { name: 'Delete message…' });
const question = () => screen.findByRole('dialog', { name: 'Delete the message from Nora Quinn?' });

/** A core whose conversation shows the message until it is deleted, then says it was. */
function deletingCore(account: Account = olivia) {
  let context = CHANNEL_CONTEXT;
  return {
    answers: {
      'moderation.context': () => context,
      'moderation.deleteMessage': () => {
        context = DELETED;
        return null;
      },
    },
    deleteElsewhere: () => (context = DELETED),
    account,
  };
}

describe('deleting the reported message', () => {
  test('asks first, Cancel first, saying what goes, where, when, and that it cannot be undone; Cancel sends nothing', async () => {
    const core = deletingCore();
    const { bridge } = showModeration({}, core.answers);
    await open(1);
    const button = await deleteButton();
    // Never the default: the report does not open on it.
    expect(document.activeElement).not.toBe(button);
    fireEvent.click(button);
    const dialog = await question();
    const answers = within(dialog).getAllByRole('button').map((answer) => answer.textContent);
    // The safe answer first (which one has the focus, the browser decides: e2e/specs/moderation-delete.spec.ts).
    expect(answers).toEqual(['Cancel', 'Delete message']);
    expect(within(dialog).getByText('From').nextElementSibling?.textContent).toBe('Nora Quinn');
    expect(within(dialog).getByText('Where').nextElementSibling?.textContent).toBe('#general › lunch plans');
    expect(within(dialog).getByText('Nobody wants to eat with you people.')).toBeTruthy();
    expect(within(dialog).getByText('This cannot be undone.')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bridge.callsTo('moderation.deleteMessage')).toEqual([]);
    expect(screen.getByLabelText('Reported message from Nora Quinn')).toBeTruthy();
  });

  test('confirmed, it goes through moderation.deleteMessage; the conversation says it was deleted, a notice says so, and the report stays as it was', async () => {
    const core = deletingCore();
    const { bridge } = showModeration({}, core.answers);
    await open(0);
    fireEvent.click(await deleteButton());
    fireEvent.click(within(await question()).getByRole('button', { name: 'Delete message' }));

    await waitFor(() => expect(bridge.callsTo('moderation.deleteMessage')).toEqual([{ account: olivia.id, reportId: 103, messageId: 52 }]));
    expect(await screen.findByText(/The reported message was deleted\. The quote above is what the reporter saw\./)).toBeTruthy();
    expect(screen.getByText('Deleted the message from Nora Quinn.')).toBeTruthy();
    expect(screen.getByText('The report stays in the inbox: mark it reviewed when you are done with it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete message…' })).toBeNull();
    // Reviewing is its own step, offered as before.
    expect(bridge.callsTo('moderation.markReviewed')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Mark reviewed' })).toBeTruthy();
  });

  test('a refusal is shown in the core’s words, and the message stays offered', async () => {
    const worded =
      "The message from Nora Quinn in #general › lunch plans could not be deleted: You don't have permission to delete this message. Ask an administrator to delete it.";
    const mona: Account = { ...olivia, id: 'acc-mona', userId: 3, fullName: 'Mona Moderator', role: 300 };
    showModeration({}, { 'moderation.deleteMessage': () => ({ error: { code: 'BAD_REQUEST', msg: worded } }) }, mona);
    await open(1);
    const button = await deleteButton();
    // A moderator is told before that the server decides.
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/As a moderator, you can delete it only where the organization or the channel lets you/);
    fireEvent.click(button);
    fireEvent.click(within(await question()).getByRole('button', { name: 'Delete message' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`Error: ${worded}`);
    expect(await deleteButton()).toBeTruthy();
    expect(screen.getByLabelText('Reported message from Nora Quinn')).toBeTruthy();
  });

  test('a message already gone is said plainly, and leaves nothing to delete', async () => {
    const gone = 'The message from Nora Quinn in #general › lunch plans is already gone (the server answered “Invalid message(s)”): it was deleted, or moved where you cannot reach it. There is nothing left to delete; the report stays.';
    let context = CHANNEL_CONTEXT;
    showModeration({}, {
      'moderation.context': () => context,
      'moderation.deleteMessage': () => {
        context = { available: false, explanation: 'The reported message is no longer in #general: it was deleted, or moved where you cannot read it.', deleted: false, messages: [] };
        return { error: { code: 'MESSAGE_GONE', msg: gone } };
      },
    });
    await open(1);
    fireEvent.click(await deleteButton());
    fireEvent.click(within(await question()).getByRole('button', { name: 'Delete message' }));
    expect(await screen.findByText(gone)).toBeTruthy();
    expect(await screen.findByText(/no longer in #general: it was deleted, or moved/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete message…' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('deleted elsewhere while asked: a messages push rereads the conversation, and the question closes saying so', async () => {
    const core = deletingCore();
    const { bridge } = showModeration({}, core.answers);
    await open(1);
    fireEvent.click(await deleteButton());
    await question();

    core.deleteElsewhere();
    act(() => bridge.push({ kind: 'realm.changed', account: olivia.id, changes: [{ collection: 'messages', ids: [52] }] }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await screen.findByText(/left its conversation meanwhile/)).textContent).toBe(
      'The message from Nora Quinn left its conversation meanwhile: it was deleted elsewhere, or moved. Nothing was sent from here.',
    );
    expect(screen.getByText(/The reported message was deleted\./)).toBeTruthy();
    expect(bridge.callsTo('moderation.deleteMessage')).toEqual([]);
  });

  test('a deleted message the conversation does not show rereads nothing', async () => {
    const { bridge } = showModeration();
    await open(1);
    const reads = bridge.callsTo('moderation.context').length;
    act(() => bridge.push({ kind: 'realm.changed', account: olivia.id, changes: [{ collection: 'messages', ids: [999] }] }));
    act(() => bridge.push({ kind: 'realm.changed', account: olivia.id, changes: [{ collection: 'messages', ids: [50] }] }));
    await waitFor(() => expect(bridge.callsTo('moderation.context')).toHaveLength(reads + 1));
  });
});
