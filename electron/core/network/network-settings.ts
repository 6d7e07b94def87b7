// Checks the network settings a user typed, in words that name the field and say what to type, and
// tidies them for saving: a proxy address as scheme://host:port, the bypass list one entry a line.
import type { NetworkSettings } from '../../../shared/ipc';
import { ConsoleError } from '../errors';
import { parseBypassList } from './bypass-rules';

export const DEFAULT_NETWORK_SETTINGS: NetworkSettings = { mode: 'system', proxyUrl: '', bypass: '', pacUrl: '' };

/** The settings, checked for the chosen mode and tidied; throws INVALID_INPUT with `field`. */
export function checkNetworkSettings(settings: NetworkSettings): NetworkSettings {
  switch (settings.mode) {
    case 'system':
    case 'none':
      return settings;
    case 'manual':
      return { ...settings, proxyUrl: checkProxyUrl(settings.proxyUrl).origin, bypass: parseBypassList(settings.bypass).text };
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
    throw invalid('proxyUrl', 'Leave the user name and password out of the proxy address: Realm Console cannot sign in to a proxy, and would have to keep the password. Use a proxy that needs no sign-in, or the system proxy settings.');
  }
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    throw invalid('proxyUrl', `"${typed}" has a path; a proxy's address is only its scheme, host and port, like http://proxy.example.com:3128.`);
  }
  if (url.hostname === '') throw invalid('proxyUrl', `"${typed}" has no host. Type an address like http://proxy.example.com:3128.`);
  return url;
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

function invalid(field: 'proxyUrl' | 'pacUrl', msg: string): ConsoleError {
  return new ConsoleError('INVALID_INPUT', msg, { field });
}
