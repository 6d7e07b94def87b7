// Desktop notifications for new moderation reports (the core's `moderation.report` pushes). Browser
// mode has no Electron: there the renderer shows an in-app toast for the same push instead.
import { Notification, type BrowserWindow } from 'electron';
import { z } from 'zod';
import { Account, type Push } from '../../shared/ipc';
import type { Router } from '../core/router';

/** The main process asks its own core; no window is involved, so the call is trusted. */
const MAIN_PROCESS = { origin: 'main-process', trusted: true } as const;

/** The organization's name, as the realm switcher shows it; null if the account is gone. */
async function realmNameOf(router: Router, account: string): Promise<string | null> {
  const result = await router.handle('accounts.list', {}, MAIN_PROCESS);
  if (!result.ok) return null;
  const accounts = z.array(Account).safeParse(result.value);
  return accounts.success ? (accounts.data.find((candidate) => candidate.id === account)?.realmName ?? null) : null;
}

/**
 * A push listener: "New report in Sandbox Org" with the report's one-line summary. Clicking it brings
 * the console window to the front.
 */
export function notifyNewReports(router: Router, window: BrowserWindow): (push: Push) => void {
  return (push) => {
    if (push.kind !== 'moderation.report' || !Notification.isSupported()) return;
    void realmNameOf(router, push.account).then((realm) => {
      const notification = new Notification({ title: realm ? `New report in ${realm}` : 'New moderation report', body: push.summary });
      notification.on('click', () => {
        if (window.isDestroyed()) return;
        if (window.isMinimized()) window.restore();
        window.show();
        window.focus();
      });
      notification.show();
    });
  };
}
