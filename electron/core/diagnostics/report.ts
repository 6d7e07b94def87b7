// The diagnostics as plain text, for a support request or an issue: what runs, how it connects, each
// organization's state, and the last problems. No emails, keys or names of people; the caller scrubs
// the text once more with the log's redactor.
import type { Diagnostics, NetworkStatus } from '../../../shared/ipc';

export function diagnosticsReport(diagnostics: Diagnostics, now: Date): string {
  const { app, realms, problems } = diagnostics;
  const runtime =
    app.runtime.kind === 'electron'
      ? `Electron ${app.runtime.electron ?? '?'} (Chromium ${app.runtime.chrome ?? '?'}, Node ${app.runtime.node})`
      : `browser mode (Node ${app.runtime.node})`;
  const lines = [
    `${app.name} ${app.version} diagnostics, ${now.toISOString()}`,
    `Runtime: ${runtime} on ${app.platform}`,
    `Network: ${diagnostics.networkInWords}`,
    `Logs: ${diagnostics.logsFolder ?? 'none (the folder could not be made)'}`,
    '',
    `Organizations (${realms.length}):`,
    ...realms.map((realm) => {
      const trust = [
        realm.trust.certificateAuthorities.length ? `trusts ${realm.trust.certificateAuthorities.join(', ')}` : null,
        realm.trust.certificateUnchecked ? 'certificate NOT checked (by consent)' : null,
        realm.trust.cleartext ? 'UNENCRYPTED http:// (by consent)' : null,
      ].filter(Boolean);
      const level = realm.featureLevel === null ? 'feature level unknown' : `feature level ${realm.featureLevel}`;
      return `- ${realm.realmUrl}: ${level}, ${realm.state}${realm.detail ? ` (${realm.detail})` : ''}${trust.length ? `; ${trust.join('; ')}` : ''}`;
    }),
    '',
    `Recent problems (${problems.length}):`,
    ...(problems.length ? problems.map((problem) => `- ${problem.time} ${problem.level}: ${problem.text}`) : ['- none']),
  ];
  return `${lines.join('\n')}\n`;
}

export function networkInWords(network: NetworkStatus): string {
  const { settings } = network;
  const base = {
    system: network.stack === 'node' ? `system settings (proxy environment variables: ${environmentInWords(network.environment)})` : "the system's proxy settings",
    none: 'no proxy',
    manual: `manual proxy ${settings.proxyUrl}${settings.bypass ? `, bypassing ${settings.bypass.split('\n').join(', ')}` : ''}`,
    pac: `proxy auto-configuration from ${settings.pacUrl}`,
  }[settings.mode];
  return network.problem ? `${base}; ${network.problem}` : base;
}

function environmentInWords(environment: NetworkStatus['environment']): string {
  if (!environment) return 'none';
  const set = [
    environment.httpsProxy ? `HTTPS_PROXY=${environment.httpsProxy}` : null,
    environment.httpProxy ? `HTTP_PROXY=${environment.httpProxy}` : null,
    environment.noProxy ? `NO_PROXY=${environment.noProxy}` : null,
  ].filter(Boolean);
  return set.length ? set.join(', ') : 'none set';
}
