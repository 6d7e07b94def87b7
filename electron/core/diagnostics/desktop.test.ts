// "Check for updates" in words for each outcome electron-updater can have, so a package built without
// an update address says so instead of failing.
import { expect, test } from 'vitest';
import { describeUpdateCheck } from './desktop';

test('each outcome in words', () => {
  expect(describeUpdateCheck({ kind: 'not-configured' })).toEqual({
    status: 'not-configured',
    message: expect.stringContaining('No update channel is configured in this package: it was built without an update address (REALM_CONSOLE_UPDATE_URL)'),
    version: null,
  });
  expect(describeUpdateCheck({ kind: 'not-installed' }).message).toContain('runs from its source folder (npm start)');
  expect(describeUpdateCheck({ kind: 'up-to-date', current: '1.2.3' })).toEqual({ status: 'up-to-date', message: 'Realm Console 1.2.3 is the newest version on the update channel.', version: null });
  expect(describeUpdateCheck({ kind: 'available', version: '1.3.0' })).toEqual({
    status: 'downloading',
    message: 'Realm Console 1.3.0 is available and downloading. It is installed when you quit Realm Console.',
    version: '1.3.0',
  });
  expect(describeUpdateCheck({ kind: 'failed', message: 'net::ERR_NAME_NOT_RESOLVED', url: 'https://updates.example.com/realm-console' }).message).toBe(
    'The update channel at https://updates.example.com/realm-console could not be checked: net::ERR_NAME_NOT_RESOLVED. Check your network (and Network settings), then try again.',
  );
});
