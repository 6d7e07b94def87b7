// DESIGN.md's import rules are lint rules: a wrong arrow between the parts fails `npm run lint`.
import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

async function importErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: file });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import rules', () => {
  test.each([
    ['renderer/src/screens/x.ts', "import { handlers } from '../../../electron/core/handlers';", 'renderer imports electron/core'],
    ['renderer/src/x.ts', "import { app } from 'electron';", "renderer imports 'electron'"],
    ['renderer/src/x.ts', "import { startServer } from '../../server/main';", 'renderer imports server'],
    ['renderer/src/x.ts', "import { readFile } from 'node:fs';", 'renderer imports Node'],
    ['electron/core/session/x.ts', "import { safeStorage } from 'electron';", "electron/core imports 'electron'"],
    ['electron/core/x.ts', "import { secrets } from '../platform/secrets';", 'electron/core imports platform'],
    ['electron/browser-host.ts', "import { app } from 'electron';", "browser-host imports 'electron'"],
    ['shared/api/x.ts', "import { readFile } from 'node:fs';", 'shared imports Node'],
    ['shared/domain/x.ts', "import { call } from '../../renderer/src/bridge/bridge';", 'shared imports renderer'],
    ['shared/api/x.ts', "import { create } from 'zustand';", 'shared imports a package other than zod'],
    ['server/http/x.ts', "import { contract } from '../../shared/ipc';", 'server imports shared/ipc'],
    ['server/x.ts', "import { router } from '../electron/core/router';", 'server imports electron/core'],
    ['electron/core/x.ts', "import { fixture } from '../../e2e/support/fixtures';", 'electron/core imports e2e'],
    ['server/http/x.ts', "import { ROLE_NAMES } from '../../shared/domain/roles';", 'server imports shared/domain'],
    ['shared/api/x.ts', "import { writeJsonAtomic } from '../node/atomic-json';", 'shared/api imports shared/node'],
    ['shared/ipc/x.ts', "import { writeJsonAtomic } from '../node/atomic-json';", 'shared/ipc imports shared/node'],
    ['shared/domain/x.ts', "import { acquireInstanceLock } from '../node/instance-lock';", 'shared/domain imports shared/node'],
    ['renderer/src/x.ts', "import { writeJsonAtomic } from '../../shared/node/atomic-json';", 'renderer imports shared/node'],
    ['shared/node/x.ts', "import { router } from '../../electron/core/router';", 'shared/node imports electron'],
    ['shared/node/x.ts', "import { openDatabase } from '../../server/db/connection';", 'shared/node imports server'],
    ['shared/node/x.ts', "import { create } from 'zustand';", 'shared/node imports a package'],
  ])('%s: refused (%s)', async (file, source) => {
    expect(await importErrors(file, source)).not.toEqual([]);
  });

  test.each([
    ['renderer/src/x.ts', "import { contract } from '../../shared/ipc';"],
    ['renderer/src/x.ts', "import { useQuery } from '@tanstack/react-query';"],
    ['electron/core/x.ts', "import { getUsers } from '../../shared/api';"],
    ['electron/core/x.ts', "import { readFile } from 'node:fs/promises';"],
    ['electron/platform/x.ts', "import { safeStorage } from 'electron';"],
    ['electron/main.ts', "import { app } from 'electron';"],
    ['shared/domain/x.ts', "import { z } from 'zod';\nimport { Role } from '../api/common';"],
    ['server/http/x.ts', "import { getUsers } from '../../shared/api';"],
    ['e2e/specs/x.spec.ts', "import { startServer } from '../../server/main';"],
    ['shared/node/x.ts', "import { readFileSync } from 'node:fs';\nimport { Role } from '../api/common';"],
    ['electron/core/x.ts', "import { writeJsonAtomic } from '../../shared/node/atomic-json';"],
    ['electron/launcher.ts', "import { acquireInstanceLock } from '../shared/node/instance-lock';"],
    ['server/db/x.ts', "import { acquireInstanceLock } from '../../shared/node/instance-lock';"],
  ])('%s: allowed (%s)', async (file, source) => {
    expect(await importErrors(file, source)).toEqual([]);
  });
});
