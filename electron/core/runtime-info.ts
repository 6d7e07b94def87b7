// Describes the runtime the core runs in, for app.info.
import type { AppInfo } from '../../shared/ipc';

export interface RuntimeVersions {
  readonly node: string;
  readonly electron?: string | undefined;
  readonly chrome?: string | undefined;
}

export function describeRuntime(name: string, version: string, platform: string, versions: RuntimeVersions): AppInfo {
  return {
    name,
    version,
    platform,
    runtime: {
      kind: versions.electron ? 'electron' : 'node',
      node: versions.node,
      electron: versions.electron ?? null,
      chrome: versions.chrome ?? null,
    },
  };
}
