// Toasts end to end: a notice arriving while an administrator works covers none of the controls of
// the screen they are on: the user panel, the invitations page, the moderation inbox.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInDirectly, type RealmClient } from '../support/realm-client';

/** Mark reports the newest message in #general; the console's toast names him and the type. */
async function report(mark: RealmClient, type: 'spam' | 'harassment' | 'norms'): Promise<void> {
  const reply = await mark.request('GET', '/messages', { anchor: 'newest', num_before: 1, num_after: 0, narrow: [{ operator: 'channel', operand: 'general' }], apply_markdown: false });
  const [message] = reply.messages as { id: number }[];
  if (!message) throw new Error('no message in #general');
  expect(await mark.request('POST', `/messages/${message.id}/report`, { report_type: type })).toMatchObject({ result: 'success' });
}

/** The visible controls a toast lies over, by name; none is the goal. */
function controlsUnderToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const region = document.querySelector('section[aria-label="Messages"]');
    if (!region) return ['no Messages region'];
    // What shows of each toast: the region scrolls, so older toasts may be partly scrolled out of it.
    const shown = region.getBoundingClientRect();
    const toasts = [...region.querySelectorAll('.toast')].map((toast) => {
      const box = toast.getBoundingClientRect();
      return new DOMRect(box.left, Math.max(box.top, shown.top), box.width, Math.max(0, Math.min(box.bottom, shown.bottom) - Math.max(box.top, shown.top)));
    });
    const controls = document.querySelectorAll('button, input, select, textarea, a[href], [role="option"], [role="tab"], [tabindex]:not([tabindex="-1"])');
    const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    return [...controls]
      .filter((control) => !region.contains(control) && control.checkVisibility({ visibilityProperty: true }))
      .filter((control) => {
        const box = control.getBoundingClientRect();
        return box.width > 1 && box.height > 1 && toasts.some((toast) => toast.height > 0 && overlaps(box, toast));
      })
      .map((control) => {
        const label = 'labels' in control ? (control as HTMLInputElement).labels?.[0]?.textContent : null;
        return (control.getAttribute('aria-label') ?? label ?? control.textContent)?.trim() || control.outerHTML.slice(0, 80);
      });
  });
}

async function openScreen(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('a toast covers no control of the user panel, the invitations page or the moderation inbox', async ({ consolePage: page, sandbox }) => {
  const mark = await signInDirectly(sandbox.directUrl, 'mark@sandbox.test');
  const toast = page.getByRole('region', { name: 'Messages' }).getByRole('status');

  // Users & roles with a user's panel open: the panel reaches the bottom of the window.
  await openScreen(page, 'Users & roles');
  await page.getByRole('grid', { name: 'Users' }).getByRole('row').filter({ hasText: 'adam@sandbox.test' }).click();
  await expect(page.getByRole('heading', { name: 'Adam Admin' })).toBeVisible();
  await report(mark, 'spam');
  await expect(toast.filter({ hasText: 'for spam' })).toBeVisible();
  expect(await controlsUnderToasts(page)).toEqual([]);

  await openScreen(page, 'Invitations');
  await report(mark, 'harassment');
  await expect(toast.filter({ hasText: 'for harassment' })).toBeVisible();
  expect(await controlsUnderToasts(page)).toEqual([]);

  await openScreen(page, 'Moderation');
  await page.getByRole('listbox', { name: 'Reports' }).getByRole('option').first().click();
  await report(mark, 'norms');
  await expect(toast.filter({ hasText: 'for norms' })).toBeVisible();
  expect(await controlsUnderToasts(page)).toEqual([]);
  // The reports the toasts announced are on the server, and in the inbox.
  await expect(page.getByRole('listbox', { name: 'Reports' }).getByRole('option')).toHaveCount(6);
});
