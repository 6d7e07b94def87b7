// Packaging cannot run for real here (no Electron runtime can be downloaded), so this test packs a
// stand-in app with the real electron-builder.yml and a stand-in Electron distribution (a binary that
// holds only Electron's fuse wire), then reads what went into app.asar, which fuses were flipped in
// the packed binary, and the update channel written at build time.
import { listPackage } from '@electron/asar';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
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
  electronFuses: Record<string, boolean>;
  publish?: unknown;
}

/** Where Electron keeps its fuses: this marker, the wire's version and length, then one byte a fuse. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** @electron/fuses' order (FuseV1Options), as an Electron binary lays them out. */
const FUSES = [
  'runAsNode',
  'enableCookieEncryption',
  'enableNodeOptionsEnvironmentVariable',
  'enableNodeCliInspectArguments',
  'enableEmbeddedAsarIntegrityValidation',
  'onlyLoadAppFromAsar',
  'loadBrowserProcessSpecificV8Snapshot',
  'grantFileProtocolExtraPrivileges',
] as const;
/** Electron's own defaults, as a fresh binary has them ('1' on, '0' off). */
const UNFUSED = '10110001';

function fuseWire(binary: Buffer): Record<string, boolean> {
  const at = binary.indexOf(FUSE_SENTINEL) + FUSE_SENTINEL.length;
  const length = binary[at + 1] ?? 0;
  const states = binary.subarray(at + 2, at + 2 + length).toString('latin1');
  return Object.fromEntries(FUSES.map((fuse, index) => [fuse, states[index] === '1']));
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

  test('flips the fuses that close Node and debugging doors, and keeps the update address out of the file', async () => {
    const config = await readConfig();
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
    });
    // The update address is given at build time (README, "Packaging"), never committed.
    expect(config.publish).toBeUndefined();
  });

  describe('what it packs', () => {
    let work: string;
    let packed: string[];
    let unpacked: string;

    /** Packs the stand-in app with the real configuration; `args` adds electron-builder options. */
    async function pack(args: string[] = []): Promise<string> {
      const app = await mkdtemp(path.join(work, 'app-'));
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
      await promisify(execFile)(
        builder,
        ['--linux', 'dir', '--projectDir', app, `-c.electronDist=${path.join(work, 'electron-dist')}`, '-c.electronVersion=45.4.1', ...args],
        { cwd: work, timeout: 120_000 },
      );
      return path.join(app, 'release', 'linux-unpacked');
    }

    beforeAll(async () => {
      work = await mkdtemp(path.join(tmpdir(), 'realm-console-pack-'));
      const electronDist = path.join(work, 'electron-dist');
      await mkdir(electronDist);
      // A stand-in Electron binary: a script that holds the fuse wire, unflipped.
      const wire = Buffer.concat([Buffer.from(FUSE_SENTINEL), Buffer.from([1, FUSES.length]), Buffer.from(UNFUSED)]);
      await writeFile(path.join(electronDist, 'electron'), Buffer.concat([Buffer.from('#!/bin/sh\n'), wire]));
      await chmod(path.join(electronDist, 'electron'), 0o755);
      unpacked = await pack();
      packed = listPackage(path.join(unpacked, 'resources', 'app.asar'), { isPack: false });
    }, 150_000);

    afterAll(async () => {
      await rm(work, { recursive: true, force: true });
    });

    test('the packed binary has the fuses of electron-builder.yml flipped', async () => {
      const config = await readConfig();
      const binary = await readFile(path.join(unpacked, 'realm-console'));
      expect(fuseWire(binary)).toEqual(config.electronFuses);
    });

    test('without an update address at build time, the package has no update channel', () => {
      expect(existsSync(path.join(unpacked, 'resources', 'app-update.yml'))).toBe(false);
    });

    test('an update address given at build time becomes the generic provider electron-updater reads', async () => {
      const withUpdates = await pack(['-c.publish.provider=generic', '-c.publish.url=https://updates.example.test/realm-console']);
      const channel = parse(await readFile(path.join(withUpdates, 'resources', 'app-update.yml'), 'utf8')) as Record<string, unknown>;
      expect(channel).toMatchObject({ provider: 'generic', url: 'https://updates.example.test/realm-console' });
    }, 150_000);

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
