// The lookup lives with `npm start`'s launcher, which needs it too; the e2e fixtures use the same one.
export { findElectronRuntime, type ElectronRuntime } from '../../electron/launcher/electron-runtime';
