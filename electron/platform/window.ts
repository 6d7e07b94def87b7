// The one console window, locked down: isolated, sandboxed, no Node in the page, no navigation away,
// no new windows, no permission prompts.
import { BrowserWindow, dialog, session } from 'electron';
import { APP_ENTRY, APP_ORIGIN } from './app-protocol';

export function createConsoleWindow(preloadPath: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    title: 'Realm Console',
    show: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      // Middle-click must not open links in new windows behind the window-open handler's back.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  window.once('ready-to-show', () => window.show());
  window.webContents.on('will-navigate', (event, url) => {
    if (!url.startsWith(`${APP_ORIGIN}/`)) event.preventDefault();
  });
  // The page cancels its unload while a screen holds unsaved edits (app/LeaveConfirm.tsx); Electron then
  // stays silently, so the question a browser would ask is asked here, "Stay" being the default.
  window.webContents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(window, {
      type: 'warning',
      title: 'Leave without saving?',
      message: 'Leave without saving?',
      detail: 'A screen holds unsaved changes. If you leave now, they are lost.',
      buttons: ['Stay', 'Discard and leave'],
      defaultId: 0,
      cancelId: 0,
    });
    if (choice === 1) event.preventDefault();
  });
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  session.defaultSession.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  void window.loadURL(APP_ENTRY);
  return window;
}
