// Channels for how the console reaches servers: the app's proxy settings. Electron's network stack
// applies them in the app (it also reads the system's settings and PAC files); under Node (browser
// mode) undici's proxy agent does, with PAC files run in a sandbox, and the system mode means the
// HTTPS_PROXY, HTTP_PROXY and NO_PROXY environment variables. The proxy's password goes in only: the
// core keeps it sealed and says whether one is saved, never what it is.
import { z } from 'zod';

/**
 * system: the operating system's proxy settings (in browser mode, the proxy environment variables);
 * none: connect directly; manual: one HTTP or HTTPS proxy with a bypass list; pac: a proxy
 * auto-configuration file's address.
 */
export const ProxyMode = z.enum(['system', 'none', 'manual', 'pac']);
export type ProxyMode = z.infer<typeof ProxyMode>;

/**
 * Every mode's fields are kept whichever mode is chosen, so switching modes loses nothing typed. The
 * core checks the chosen mode's fields and says what is wrong with them (INVALID_INPUT with `field`).
 */
export const NetworkSettings = z
  .object({
    mode: ProxyMode,
    /**
     * manual: the proxy's address, http://host:port or https://host:port (host:port means http://).
     * A user name and password typed in it (http://user:pass@host:port) move to their own fields.
     */
    proxyUrl: z.string().trim().max(2048).default(''),
    /** manual: the user name the proxy asks for (407), sent with the saved password; empty for none. */
    proxyUsername: z.string().trim().max(256).default(''),
    /**
     * manual: addresses that skip the proxy, separated by commas or new lines, as Chromium reads them:
     * `example.com`, `*.example.com`, `10.0.0.0/8`, `<local>` (names without a dot), and `<-loopback>`
     * to send this computer's own addresses through the proxy too (they never use it otherwise).
     */
    bypass: z.string().max(8192).default(''),
    /** pac: the address of the proxy auto-configuration file (http, https or file). */
    pacUrl: z.string().trim().max(2048).default(''),
  })
  .strict();
export type NetworkSettings = z.infer<typeof NetworkSettings>;

/**
 * What network.set takes: the settings, and the proxy's password when one is typed. Left out or
 * empty, the saved password stays (for the same user name); an empty user name forgets it.
 */
export const NetworkSettingsInput = NetworkSettings.extend({ proxyPassword: z.string().max(1024).optional() }).strict();
export type NetworkSettingsInput = z.infer<typeof NetworkSettingsInput>;

export const NetworkStatus = z.object({
  settings: NetworkSettings,
  /** Which network stack applies them: Electron's (Chromium's), or Node's in browser mode. */
  stack: z.enum(['electron', 'node']),
  /** Whether a password for the manual proxy's user name is saved (it never leaves the core). */
  proxyPasswordSaved: z.boolean(),
  /** Browser mode only: the proxy environment variables the system mode follows, credentials removed. */
  environment: z.object({ httpsProxy: z.string().nullable(), httpProxy: z.string().nullable(), noProxy: z.string().nullable() }).nullable(),
  /** Why the saved settings are not in use, when they could not be applied at start (a PAC file that could not be read). */
  problem: z.string().nullable(),
});
export type NetworkStatus = z.infer<typeof NetworkStatus>;

export const networkChannels = {
  'network.get': { input: z.object({}).strict(), output: NetworkStatus },
  /** Checks, applies and saves the settings; later requests use them, and sessions waiting to retry try at once. */
  'network.set': { input: NetworkSettingsInput, output: NetworkStatus },
} as const;
