// "Set a value…" before its review: a privacy the organization allows no channel is not offered (the
// channel editor's reason beside it), days that are not a number keep the review closed and say why,
// and an empty list of who may says once that nothing is chosen yet.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import type { SettingColumn } from '../../../../../shared/domain/channel-settings';
import { olivia } from '../../../testing/demo-samples';
import { installFakeBridge, removeFakeBridge, renderWithQueries } from '../../../testing/fake-bridge';
import { useRulesContext } from '../editor/rules-context';
import { channelEntry, SAMPLE_CONTEXT, SAMPLE_USERS } from '../testing/channel-samples';
import { MatrixEditDialog } from './MatrixEditDialog';

const ROWS = [channelEntry(5, 'design'), channelEntry(6, 'engineering')];

function Open({ columns }: { columns: SettingColumn[] }) {
  const rules = useRulesContext(SAMPLE_CONTEXT, SAMPLE_USERS);
  const selection = new Map(ROWS.map((row) => [row.channel.stream_id, new Set(columns)]));
  return <MatrixEditDialog account={olivia.id} context={SAMPLE_CONTEXT} rules={rules} rows={ROWS} selection={selection} columns={columns} onClose={() => undefined} onStarted={() => undefined} />;
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
