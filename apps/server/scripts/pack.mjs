#!/usr/bin/env node
/**
 * `npm run pack:cli` (from the repo root): makes the hookplay CLI's npm tarball, one that installs with no
 * workspace around it. `npm pack` of apps/server alone cannot: its engine is a workspace package that is not
 * published, and the playground's web app is built in another workspace. So the package is staged in a temp
 * folder: the server's bin/ and dist/, the built web app as web/, the engine bundled (bundleDependencies)
 * with the engine's own dependencies added to the package's, then `npm pack` runs there.
 *
 * Usage: node apps/server/scripts/pack.mjs [--out DIR]   (default: the current directory). Prints the tarball path.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('..', import.meta.url));
const ROOT = join(SERVER, '..', '..');
const ENGINE = join(ROOT, 'packages', 'engine');
const REAL_HOST = join(ROOT, 'packages', 'real-host');
const WEB = join(ROOT, 'apps', 'web', 'dist');
const VIEWER = join(ROOT, 'apps', 'web', 'dist-viewer');
const args = process.argv.slice(2);
const out = resolve(args.includes('--out') ? args[args.indexOf('--out') + 1] : '.');

const json = (path) => JSON.parse(readFileSync(path, 'utf8'));
for (const [what, path] of [['the server', join(SERVER, 'dist', 'cli.js')], ['the engine', join(ENGINE, 'dist', 'index.js')], ['the real-host backend', join(REAL_HOST, 'dist', 'index.js')], ['the web app', join(WEB, 'index.html')]]) {
  if (!existsSync(path)) {
    console.error(`pack: ${what} is not built (${path} is missing): run \`npm run build\` first`);
    process.exit(1);
  }
}

const server = json(join(SERVER, 'package.json'));
const engine = json(join(ENGINE, 'package.json'));
const realHost = json(join(REAL_HOST, 'package.json'));
const rootPkg = json(join(ROOT, 'package.json'));
const stage = mkdtempSync(join(tmpdir(), 'hookplay-pack-'));
try {
  const noBuildInfo = (src) => !src.endsWith('.tsbuildinfo');
  cpSync(join(SERVER, 'bin'), join(stage, 'bin'), { recursive: true });
  cpSync(join(SERVER, 'dist'), join(stage, 'dist'), { recursive: true, filter: noBuildInfo });
  cpSync(WEB, join(stage, 'web'), { recursive: true });
  // The read-only viewer of shared links (`hookplay open LINK --static`): one HTML file, no server.
  if (existsSync(join(VIEWER, 'index.html'))) cpSync(VIEWER, join(stage, 'viewer'), { recursive: true });
  // The workspace packages go inside, as they are built: the engine, and the real-host backend on top of it.
  for (const [name, dir, pkg] of [['engine', ENGINE, engine], ['real-host', REAL_HOST, realHost]]) {
    const bundled = join(stage, 'node_modules', '@hookplay', name);
    mkdirSync(bundled, { recursive: true });
    cpSync(join(dir, 'dist'), join(bundled, 'dist'), { recursive: true, filter: noBuildInfo });
    const { scripts: _s, devDependencies: _d, ...bundledManifest } = pkg;
    writeFileSync(join(bundled, 'package.json'), `${JSON.stringify({ ...bundledManifest, files: ['dist'] }, null, 2)}\n`);
  }
  if (existsSync(join(ROOT, 'README.md'))) cpSync(join(ROOT, 'README.md'), join(stage, 'README.md'));

  const { private: _p, scripts: _sc, devDependencies: _dd, ...manifest } = server;
  const { '@hookplay/engine': _e, ...realHostDependencies } = realHost.dependencies ?? {};
  const dependencies = { ...engine.dependencies, ...realHostDependencies, ...server.dependencies, '@hookplay/engine': engine.version, '@hookplay/real-host': realHost.version };
  writeFileSync(
    join(stage, 'package.json'),
    `${JSON.stringify({ ...manifest, engines: rootPkg.engines, files: ['bin', 'dist', 'web', 'viewer'], dependencies, bundleDependencies: ['@hookplay/engine', '@hookplay/real-host'] }, null, 2)}\n`,
  );
  mkdirSync(out, { recursive: true });
  const name = execFileSync('npm', ['pack', '--silent', '--pack-destination', out], { cwd: stage, encoding: 'utf8' }).trim().split('\n').at(-1);
  console.log(join(out, name));
} finally {
  rmSync(stage, { recursive: true, force: true });
}
