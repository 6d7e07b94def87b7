// Carries the contract over Electron IPC: one invoke channel for calls, one send channel for pushes.
// The sender check lives here because only Electron knows which frame sent a message.
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { IPC_CALL, IPC_PUSH, type Push } from '../../shared/ipc';
import type { Router } from '../core/router';
import { APP_ORIGIN } from './app-protocol';

export function serveContract(router: Router, window: BrowserWindow): () => void {
  const onCall = (event: IpcMainInvokeEvent, channel: unknown, input: unknown) => {
    const frame = event.senderFrame;
    const origin = frame?.url ?? '';
    // Only the main frame of our own window, showing our own bundled page, may call the core.
    const trusted =
      event.sender.id === window.webContents.id && frame !== null && frame === window.webContents.mainFrame && origin.startsWith(`${APP_ORIGIN}/`);
    return router.handle(channel, input, { origin, trusted });
  };
  ipcMain.handle(IPC_CALL, onCall);
  return () => ipcMain.removeHandler(IPC_CALL);
}

export function pushTo(window: BrowserWindow, push: Push): void {
  if (!window.isDestroyed()) window.webContents.send(IPC_PUSH, push);
}
