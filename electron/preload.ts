// The preload runs sandboxed in the window before the page: it exposes the bridge and nothing else.
import { contextBridge, ipcRenderer } from 'electron';
import { exposeBridge } from './preload-bridge';

exposeBridge(contextBridge, ipcRenderer);
