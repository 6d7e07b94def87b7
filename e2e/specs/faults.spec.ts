// Faults between the console and the server, end to end: the screen ends in a true state, checked on
// the server. A role change whose reply is lost after the server made it shows as done (the console
// asked the server), sent once; one reset before it reached the server says nothing was changed, and
// the retry makes it, once. The full operation × fault matrix runs at the core level
// (electron/core/fault-matrix.reliability.test.ts); these are its representatives on screen.
import { expect, test } from '../support/fixtures';
import { signInDirectly } from '../support/realm-client';
import { openUser, openUsers, row, userOnServer } from '../support/users-page';

const MEMBER = 400;
const MODERATOR = 300;
const patchesReachingServer = (requests: readonly { method: string; path: string; forwarded: boolean }[]) =>
  requests.filter((request) => request.method === 'PATCH' && /^\/api\/v1\/users\/\d+$/.test(request.path) && request.forwarded).length;

test('a role change whose reply is lost after the server made it shows as done, and was sent once', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await openUsers(page);
  const panel = await openUser(page, 'Mark Member');
  const fault = sandbox.proxy.inject({ match: { method: 'PATCH' }, fault: { kind: 'reset', when: 'mid-response' }, times: 1 });
  await panel.getByRole('radio', { name: /^Moderator/ }).check();
  await panel.getByRole('button', { name: 'Make moderator' }).click();
  await expect(panel.getByRole('status')).toHaveText('Mark Member is now a moderator.');
  await expect(row(page, 'Mark Member')).toContainText('Moderator');
  expect(fault.hits).toBe(1);
  expect((await userOnServer(adam, 'mark@sandbox.test')).role).toBe(MODERATOR);
  expect(patchesReachingServer(sandbox.proxy.log)).toBe(1);
});

test('a role change reset before it reached the server says nothing was changed; the retry makes it, once', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await openUsers(page);
  const panel = await openUser(page, 'Mark Member');
  const fault = sandbox.proxy.inject({ match: { method: 'PATCH' }, fault: { kind: 'reset', when: 'on-arrival' }, times: 1 });
  await panel.getByRole('radio', { name: /^Moderator/ }).check();
  await panel.getByRole('button', { name: 'Make moderator' }).click();
  await expect(page.getByText(/Mark Member could not be made a moderator: .* The server shows nothing was changed: try again\./)).toBeVisible();
  await expect(row(page, 'Mark Member')).toContainText('Member');
  expect(fault.hits).toBe(1);
  expect((await userOnServer(adam, 'mark@sandbox.test')).role).toBe(MEMBER);
  expect(patchesReachingServer(sandbox.proxy.log)).toBe(0);

  await panel.getByRole('button', { name: 'Make moderator' }).click();
  await expect(panel.getByRole('status')).toHaveText('Mark Member is now a moderator.');
  await expect(row(page, 'Mark Member')).toContainText('Moderator');
  expect((await userOnServer(adam, 'mark@sandbox.test')).role).toBe(MODERATOR);
  expect(patchesReachingServer(sandbox.proxy.log)).toBe(1);
});
