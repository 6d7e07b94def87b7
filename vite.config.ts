// One config builds all three parts: the renderer (root renderer/), and the Electron main process and
// preload (through vite-plugin-electron). Vitest reads its projects from here too.
import { fileURLToPath } from 'node:url';
import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import electron from 'vite-plugin-electron/simple';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const outDir = here('./dist');

export default defineConfig(async ({ mode }) => {
  const plugins: PluginOption[] = [react()];
  // The Electron plugin is left out of tests: its dev mode spawns Electron, which tests never need.
  if (mode !== 'test') {
    plugins.push(
      await electron({
        main: {
          entry: here('./electron/main.ts'),
          vite: { build: { outDir: `${outDir}/electron`, emptyOutDir: false } },
          // Building must never try to launch Electron (no runtime on CI machines).
          onstart: () => undefined,
        },
        preload: {
          input: here('./electron/preload.ts'),
          // A sandboxed preload must be CommonJS; name it .cjs because package.json says "type": "module".
          vite: {
            build: {
              outDir: `${outDir}/electron`,
              emptyOutDir: false,
              rolldownOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
            },
          },
          onstart: () => undefined,
        },
      }),
    );
  }
  return {
    root: here('./renderer'),
    base: './',
    plugins,
    build: { outDir: `${outDir}/renderer`, emptyOutDir: true, sourcemap: true },
    test: {
      root: here('.'),
      // Many tests drive a real sandbox over HTTP; on a loaded 2-core CI machine one can take several
      // seconds. These limits only catch hangs: no test asserts a duration.
      testTimeout: 20_000,
      hookTimeout: 30_000,
      projects: [
        {
          extends: true,
          root: here('.'),
          test: {
            name: 'node',
            environment: 'node',
            include: ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'server/**/*.test.ts'],
          },
        },
        {
          extends: true,
          root: here('.'),
          test: {
            name: 'renderer',
            environment: 'happy-dom',
            include: ['renderer/**/*.test.{ts,tsx}'],
          },
        },
      ],
    },
  };
});
