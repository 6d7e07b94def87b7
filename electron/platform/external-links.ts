// Links in the console open in the system browser, and only after the user has seen the address and
// agreed: a realm's content (a user's profile link, a channel description) can hold any link.
import { dialog, shell, type BrowserWindow } from 'electron';
import { APP_ORIGIN } from './app-protocol';
import { externalLinkTarget } from './link-policy';

/**
 * Replaces window.ts's deny-all window-open handler with one that still denies every new window but
 * offers http(s) targets to the system browser; navigations away (which window.ts blocks) get the
 * same offer.
 */
export function openLinksExternallyAfterConfirming(window: BrowserWindow): void {
  let asking = false;
  const offer = async (raw: string) => {
    const target = externalLinkTarget(raw);
    // One question at a time: a page cannot stack dialogs by firing many links.
    if (!target || asking || window.isDestroyed()) return;
    asking = true;
    try {
      const { response } = await dialog.showMessageBox(window, {
        type: 'question',
        title: 'Open link',
        message: 'Open this link in your web browser?',
        detail: target,
        buttons: ['Open in Browser', 'Cancel'],
        defaultId: 1,
        cancelId: 1,
        noLink: true,
      });
      if (response === 0) await shell.openExternal(target);
    } finally {
      asking = false;
    }
  };
  window.webContents.setWindowOpenHandler(({ url }) => {
    void offer(url);
    return { action: 'deny' };
  });
  window.webContents.on('will-navigate', (event, url) => {
    if (url.startsWith(`${APP_ORIGIN}/`)) return;
    event.preventDefault();
    void offer(url);
  });
}
