// Checks the network settings a user typed, in words that name the field and say what to type, and
// tidies them for saving: a proxy address as scheme://host:port, the bypass list one entry a line.
import type { NetworkSettings, NetworkSettingsInput } from '../../../shared/ipc';
import { ConsoleError } from '../errors';
import { parseBypassList } from './bypass-rules';

export const DEFAULT_NETWORK_SETTINGS: NetworkSettings = { mode: 'system', proxyUrl: '', proxyUsername: '', bypass: '', pacUrl: '' };

/**
 * What was typed, with a user name and password given in the proxy's address
 * (http://user:pass@host:port, as curl and HTTPS_PROXY take them) moved to their own fields.
 */
export function splitProxyCredentials(input: NetworkSettingsInput): { settings: NetworkSettings; password: string | undefined } {
  const { proxyPassword, ...settings } = input;
  const typed = settings.proxyUrl.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `http://${typed}`;
  let url: URL | null;
  try {
    url = typed.includes('@') ? new URL(withScheme) : null;
  } catch {
    url = null;
  }
  if (!url || (!url.username && !url.password)) return { settings, password: proxyPassword };
  const username = safeDecode(url.username);
  const password = safeDecode(url.password);
  url.username = '';
  url.password = '';
  return { settings: { ...settings, proxyUrl: url.href, proxyUsername: username }, password: password || proxyPassword };
}

/** The settings, checked for the chosen mode and tidied; throws INVALID_INPUT with `field`. */
export function checkNetworkSettings(settings: NetworkSettings): NetworkSettings {
  switch (settings.mode) {
    case 'system':
    case 'none':
      return settings;
    case 'manual':
      return { ...settings, proxyUrl: checkProxyUrl(settings.proxyUrl).origin, proxyUsername: checkProxyUsername(settings.proxyUsername), bypass: parseBypassList(settings.bypass).text };
    case 'pac':
      return { ...settings, pacUrl: checkPacUrl(settings.pacUrl).href };
  }
}

/** An HTTP or HTTPS proxy's address; `host:port` alone means http://. */
export function checkProxyUrl(text: string): URL {
  const typed = text.trim();
  if (typed === '') throw invalid('proxyUrl', 'Type the proxy\'s address, like http://proxy.example.com:3128.');
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `http://${typed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw invalid('proxyUrl', `"${typed}" is not a proxy address. Type one like http://proxy.example.com:3128.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid('proxyUrl', `"${typed}" is a ${url.protocol.slice(0, -1)} proxy; Realm Console uses HTTP and HTTPS proxies. Type one like http://proxy.example.com:3128.`);
  }
  if (url.username || url.password) {
    throw invalid('proxyUrl', 'Type the proxy\'s user name and password in their own fields, not in its address.');
  }
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    throw invalid('proxyUrl', `"${typed}" has a path; a proxy's address is only its scheme, host and port, like http://proxy.example.com:3128.`);
  }
  if (url.hostname === '') throw invalid('proxyUrl', `"${typed}" has no host. Type an address like http://proxy.example.com:3128.`);
  return url;
}

/** HTTP Basic cannot carry a colon in the user name, nor control characters. */
function checkProxyUsername(text: string): string {
  const name = text.trim();
  if (name.includes(':') || [...name].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) {
    throw invalid('proxyUsername', 'A proxy user name cannot hold a colon or control characters. Type it as your network\'s administrators gave it.');
  }
  return name;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A proxy auto-configuration file's address: http, https or a file on this computer. */
export function checkPacUrl(text: string): URL {
  const typed = text.trim();
  if (typed === '') throw invalid('pacUrl', "Type the address of the proxy auto-configuration (PAC) file, like http://wpad.example.com/wpad.dat.");
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    throw invalid('pacUrl', `"${typed}" is not an address. Type the PAC file's full address, like http://wpad.example.com/wpad.dat.`);
  }
  if (!['http:', 'https:', 'file:'].includes(url.protocol)) {
    throw invalid('pacUrl', `"${typed}" is a ${url.protocol.slice(0, -1)}: address; a PAC file is read over http://, https:// or from a file:// on this computer.`);
  }
  if (url.username || url.password) throw invalid('pacUrl', 'Leave the user name and password out of the PAC file\'s address.');
  return url;
}

function invalid(field: 'proxyUrl' | 'proxyUsername' | 'pacUrl', msg: string): ConsoleError {
  return new ConsoleError('INVALID_INPUT', msg, { field });
}
