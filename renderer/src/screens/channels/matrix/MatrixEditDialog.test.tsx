// "Set a value…" before its review: a privacy the organization allows no channel is not offered (the
// channel editor's reason beside it), days that are not a number keep the review closed and say why,
// and an empty list of who may says once that nothing is chosen yet. Then the review: a shorter
// retention, which deletes older messages for good, is a danger to tick before Apply; a longer one is not.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import type { SettingColumn } from '../../../../../shared/domain/channel-settings';
import type { ChannelEntry } from '../../../../../shared/ipc';
import { olivia } from '../../../testing/demo-samples';
import { installFakeBridge, removeFakeBridge, renderWithQueries } from '../../../testing/fake-bridge';
import { useRulesContext } from '../editor/rules-context';
import { channelEntry, SAMPLE_CONTEXT, SAMPLE_USERS } from '../testing/channel-samples';
import { MatrixEditDialog } from './MatrixEditDialog';

const ROWS = [channelEntry(5, 'design'), channelEntry(6, 'engineering')];

function Open({ columns, rows = ROWS }: { columns: SettingColumn[]; rows?: ChannelEntry[] }) {
  const rules = useRulesContext(SAMPLE_CONTEXT, SAMPLE_USERS);
  const selection = new Map(rows.map((row) => [row.channel.stream_id, new Set(columns)]));
  return <MatrixEditDialog account={olivia.id} context={SAMPLE_CONTEXT} rules={rules} rows={rows} selection={selection} columns={columns} onClose={() => undefined} onStarted={() => undefined} />;
}

afterEach(() => {
  cleanup();
  removeFakeBridge();
});

const review = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Review changes' });

test('web-public is not offered where the server does not allow it, with the channel editor’s reason', () => {
  installFakeBridge({});
  renderWithQueries(<Open columns={['privacy']} />);
  const webPublic = screen.getByRole<HTMLInputElement>('radio', { name: 'Web-public' });
  expect(webPublic.disabled).toBe(true);
  expect(document.getElementById(webPublic.getAttribute('aria-describedby') as string)?.textContent).toBe(
    'This server does not allow web-public channels: they are off in its configuration, which only whoever runs the server can change.',
  );
  fireEvent.click(screen.getByRole('radio', { name: 'Private, shared history' }));
  expect(review().disabled).toBe(false);
});

test('a number of days left empty or not a number keeps the review closed and says why at the field', () => {
  installFakeBridge({});
  renderWithQueries(<Open columns={['privacy', 'retention']} />);
  fireEvent.click(screen.getByRole('radio', { name: 'Public' }));
  fireEvent.click(screen.getByRole('radio', { name: 'A number of days' }));
  const days = screen.getByRole('textbox', { name: 'Days to keep messages' });
  expect(days.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(days.getAttribute('aria-describedby') as string)?.textContent).toContain('Enter a number of days.');
  expect(review().disabled).toBe(true);

  fireEvent.change(days, { target: { value: 'ninety' } });
  expect(document.getElementById(days.getAttribute('aria-describedby') as string)?.textContent).toContain('Enter a whole number of days, such as 90.');
  expect(review().disabled).toBe(true);

  fireEvent.change(days, { target: { value: '90' } });
  expect(days.getAttribute('aria-invalid')).toBeNull();
  expect(review().disabled).toBe(false);
});

test('with nobody chosen for a permission, the list says once that nothing is chosen yet', () => {
  installFakeBridge({});
  renderWithQueries(<Open columns={['can_send_message_group']} />);
  const chosen = screen.getByRole('list', { name: 'Chosen' });
  expect(chosen.textContent).toBe('None chosen yet: add a role, a group or a person (Nobody is a role too).');
  expect(screen.getByRole('dialog').textContent?.match(/chosen yet/g)).toHaveLength(1);
  expect(review().disabled).toBe(true);
});

/** Chooses a number of days for "Messages kept" and opens the review. */
function reviewDays(days: string) {
  fireEvent.click(screen.getByRole('radio', { name: 'A number of days' }));
  fireEvent.change(screen.getByRole('textbox', { name: 'Days to keep messages' }), { target: { value: days } });
  fireEvent.click(review());
}

const apply = (count: number) => screen.getByRole<HTMLButtonElement>('button', { name: `Apply to ${count} channels` });

test('a shorter retention is a danger naming the channels and the new limit, and Apply waits for the tick', async () => {
  const bridge = installFakeBridge({ 'channels.batch.start': () => ({ error: { code: 'INTERNAL', msg: 'Not in this test.' } }) });
  // #design keeps messages forever (the organization's default); #engineering for 30 days.
  renderWithQueries(<Open columns={['retention']} rows={[channelEntry(5, 'design'), channelEntry(6, 'engineering', { message_retention_days: 30 })]} />);
  reviewDays('7');
  const danger = screen.getByRole('group', { name: 'Older messages will be deleted in 2 channels' });
  expect(danger.getAttribute('data-tone')).toBe('danger');
  expect(screen.getByText(/^#design and #engineering will keep messages for 7 days\./).textContent).toBe(
    '#design and #engineering will keep messages for 7 days. Messages older than 7 days will be deleted for good the next time the server removes expired messages. Nobody can bring them back.',
  );
  // Said once: not again, muted, beside each channel.
  expect(screen.getByRole('dialog').textContent?.match(/will be deleted for good the next time/g)).toHaveLength(1);
  const tick = screen.getByRole<HTMLInputElement>('checkbox', { name: 'I understand that messages older than 7 days in these 2 channels will be deleted for good' });
  expect(tick.checked).toBe(false);
  expect(apply(2).disabled).toBe(true);
  expect(apply(2).className).toContain('button-danger');

  fireEvent.click(tick);
  expect(apply(2).disabled).toBe(false);
  fireEvent.click(apply(2));
  await waitFor(() => expect(bridge.callsTo('channels.batch.start')).toEqual([expect.objectContaining({ acknowledged: ['retentionLoss'] })]));

  // Fewer days than the tick said: asked again.
  fireEvent.click(screen.getByRole('button', { name: 'Back' }));
  reviewDays('3');
  expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'I understand that messages older than 3 days in these 2 channels will be deleted for good' }).checked).toBe(false);
  expect(apply(2).disabled).toBe(true);
});

test('only the channels that keep less are named; a longer retention, or forever, needs no tick', () => {
  installFakeBridge({});
  renderWithQueries(<Open columns={['retention']} rows={[channelEntry(5, 'design', { message_retention_days: 7 }), channelEntry(6, 'engineering', { message_retention_days: 30 })]} />);
  // 14 days: longer for #design (7), shorter for #engineering (30).
  reviewDays('14');
  expect(screen.getByRole('group', { name: 'Older messages will be deleted in 1 channel' }).textContent).toContain('#engineering will keep messages for 14 days.');
  expect(screen.queryByText(/#design will keep/)).toBeNull();
  const tick = screen.getByRole<HTMLInputElement>('checkbox', { name: 'I understand that messages older than 14 days in #engineering will be deleted for good' });
  expect(apply(2).disabled).toBe(true);
  fireEvent.click(tick);
  expect(apply(2).disabled).toBe(false);

  fireEvent.click(screen.getByRole('button', { name: 'Back' }));
  fireEvent.click(screen.getByRole('radio', { name: 'Forever' }));
  fireEvent.click(review());
  expect(screen.queryByRole('checkbox')).toBeNull();
  expect(screen.queryByText(/deleted for good/)).toBeNull();
  expect(apply(2).disabled).toBe(false);
  expect(apply(2).className).not.toContain('button-danger');
});

test('Back from the review finds the retention chosen as it was left', () => {
  installFakeBridge({});
  renderWithQueries(<Open columns={['retention']} rows={[channelEntry(5, 'design')]} />);
  reviewDays('7');
  fireEvent.click(screen.getByRole('button', { name: 'Back' }));
  expect(screen.getByRole<HTMLInputElement>('radio', { name: 'A number of days' }).checked).toBe(true);
  expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Days to keep messages' }).value).toBe('7');
  expect(review().hasAttribute('disabled')).toBe(false);
});
