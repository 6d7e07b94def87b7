// Packaging cannot run for real here (no Electron runtime can be downloaded), so this test packs a
// stand-in app with the real electron-builder.yml and an empty Electron distribution, then reads what
// went into app.asar.
import { listPackage } from '@electron/asar';
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';

const repo = path.resolve(import.meta.dirname, '..');
const builder = path.join(repo, 'node_modules', '.bin', 'electron-builder');

interface BuilderConfig {
  productName: string;
  asar: boolean;
  files: string[];
  linux: { target: string[] };
  mac: { target: string[] };
  win: { target: string[] };
}

async function readConfig(): Promise<BuilderConfig> {
  return parse(await readFile(path.join(repo, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
}

describe('electron-builder.yml', () => {
  test('builds "Realm Console" as AppImage and deb, dmg, and an NSIS installer', async () => {
    const config = await readConfig();
    expect(config.productName).toBe('Realm Console');
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.asar).toBe(true);
  });

  describe('what it packs', () => {
    let work: string;
    let packed: string[];

    beforeAll(async () => {
      work = await mkdtemp(path.join(tmpdir(), 'realm-console-pack-'));
      const app = path.join(work, 'app');
      const files: Record<string, string> = {
        'dist/electron/main.js': 'export {};',
        'dist/electron/preload.cjs': '"use strict";',
        'dist/renderer/index.html': '<!doctype html>',
        'dist/renderer/assets/index.js': 'void 0;',
        'dist/renderer/assets/index.js.map': '{}',
        'electron/main.ts': 'source',
        'renderer/src/main.tsx': 'source',
        'server/main.ts': 'source',
        'node_modules/zod/package.json': '{"name":"zod","version":"4.0.0"}',
        'electron-builder.yml': await readFile(path.join(repo, 'electron-builder.yml'), 'utf8'),
      };
      const pkg = JSON.parse(await readFile(path.join(repo, 'package.json'), 'utf8')) as Record<string, unknown>;
      const { name, productName, version, description, main, type } = pkg;
      files['package.json'] = JSON.stringify({ name, productName, version, description, main, type, author: 'Realm Console developers' });
      for (const [file, content] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(app, file)), { recursive: true });
        await writeFile(path.join(app, file), content);
      }
      const electronDist = path.join(work, 'electron-dist');
      await mkdir(electronDist);
      await writeFile(path.join(electronDist, 'electron'), '#!/bin/sh\n');
      await chmod(path.join(electronDist, 'electron'), 0o755);
      await promisify(execFile)(
        builder,
        ['--linux', 'dir', '--projectDir', app, `-c.electronDist=${electronDist}`, '-c.electronVersion=45.4.1'],
        { cwd: work, timeout: 120_000 },
      );
      packed = listPackage(path.join(app, 'release', 'linux-unpacked', 'resources', 'app.asar'), { isPack: false });
    }, 150_000);

    afterAll(async () => {
      await rm(work, { recursive: true, force: true });
    });

    test('the built main process, preload and renderer go into app.asar', () => {
      expect(packed).toEqual(
        expect.arrayContaining([
          '/package.json',
          '/dist/electron/main.js',
          '/dist/electron/preload.cjs',
          '/dist/renderer/index.html',
          '/dist/renderer/assets/index.js',
        ]),
      );
    });

    test('package.json "main" points at a packed file', async () => {
      const pkg = JSON.parse(await readFile(path.join(repo, 'package.json'), 'utf8')) as { main: string };
      expect(packed).toContain(`/${pkg.main}`);
    });

    test('sources, source maps and node_modules stay out of the package', () => {
      expect(packed.filter((file) => /\.(ts|tsx|map)$/.test(file) || file.includes('node_modules'))).toEqual([]);
    });
  });
});
