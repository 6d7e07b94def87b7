import { beforeEach, expect, test } from 'vitest';
import { choices } from './testing/invitation-samples';
import { defaultFormValues } from './compose/campaign-form';
import { EMPTY_DRAFT, saveOptions, savedOptions, useInvitationsUiStore } from './invitations-ui';

const store = () => useInvitationsUiStore.getState();
const guest = { ...defaultFormValues(choices()), invite_as: 600 as const, stream_ids: [4] };

beforeEach(() => useInvitationsUiStore.setState({ byAccount: {} }));

test('each account keeps its own form: addresses, check, failing choice and options', () => {
  store().updateDraft('acc-a', { text: 'ann@example.com', check: { id: 'c1', addresses: [{ email: 'ann@example.com', name: null }] }, failing: 'send' });
  saveOptions('acc-a', guest);
  store().updateDraft('acc-b', { text: 'bob@example.com' });

  expect(store().byAccount['acc-a']?.draft).toEqual({ ...EMPTY_DRAFT, text: 'ann@example.com', check: { id: 'c1', addresses: [{ email: 'ann@example.com', name: null }] }, failing: 'send' });
  expect(savedOptions('acc-a')).toEqual(guest);
  expect(store().byAccount['acc-b']?.draft.text).toBe('bob@example.com');
  expect(savedOptions('acc-b')).toBeNull();
});

test('a draft starts empty, leaves failing addresses out, and has no options until the form first shows', () => {
  expect(EMPTY_DRAFT).toEqual({ mode: 'paste', text: '', csv: null, check: null, failing: 'leave', resent: [] });
  expect(savedOptions('acc-new')).toBeNull();
});

test('clearing after a send drops the addresses and the options together, and keeps the tab', () => {
  store().update('acc-a', { tab: 'campaigns', campaignId: 'c9' });
  store().updateDraft('acc-a', { text: 'ann@example.com', failing: 'send' });
  store().markResent('acc-a', [4]);
  saveOptions('acc-a', guest);
  store().clearCompose('acc-a');
  expect(store().byAccount['acc-a']).toEqual({ tab: 'campaigns', campaignId: 'c9', draft: EMPTY_DRAFT, options: null });
});

test('the invitations resent while composing add up, each once, and a resend answered late keeps the ones before it', () => {
  store().markResent('acc-r', [4]);
  store().markResent('acc-r', [4, 7]);
  store().updateDraft('acc-r', { text: 'changed meanwhile' });
  store().markResent('acc-r', [9]);
  expect(store().byAccount['acc-r']?.draft).toMatchObject({ text: 'changed meanwhile', resent: [4, 7, 9] });
});
