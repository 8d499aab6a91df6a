#!/usr/bin/env node
/**
 * `npm run bench`: makes sure the build is current, then runs every bench/*.mjs in turn (each measures the
 * BUILT packages) and ends with a summary of their PASS/MISS lines.
 *
 * The build is current when no source is newer than what the last build wrote (tsc's build info for the engine
 * and the server, the web app's index.html). When something is newer, `npm run build` runs first (about 5 s for
 * the TypeScript packages, 15–30 s with the web app's Vite build on this machine).
 *
 * Usage: npm run bench [-- --build | --no-build] [-- --strict] [-- --suite]
 *   --build     always run `npm run build` first
 *   --no-build  never build (measure whatever dist/ holds; says so when it is stale)
 *   --strict    pass --strict to every bench: a MISS makes it (and this script) exit 1
 *   --suite     also time `npm test` itself, idle and under two CPU hogs (bench/suite.mjs, about 30 min)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const forceBuild = args.includes('--build');
const noBuild = args.includes('--no-build');
const strict = args.includes('--strict');

const SKIP = new Set(['node_modules', 'dist', '.svelte-kit', '.vite']);

/** The newest modification time of a file or of any file under a directory (0 when missing). */
function newest(path) {
  let st;
  try {
    st = statSync(path);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return path.endsWith('.tsbuildinfo') ? 0 : st.mtimeMs;
  let max = 0;
  for (const name of readdirSync(path)) {
    if (SKIP.has(name)) continue;
    max = Math.max(max, newest(join(path, name)));
  }
  return max;
}

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);
const at = (p) => join(ROOT, p);
const ENGINE_SOURCES = ['packages/engine/src', 'packages/engine/package.json', 'packages/engine/tsconfig.json', 'tsconfig.base.json'];
const outputs = [
  { name: 'engine', built: 'packages/engine/tsconfig.tsbuildinfo', sources: ENGINE_SOURCES },
  { name: 'real-host', built: 'packages/real-host/tsconfig.tsbuildinfo', sources: [...ENGINE_SOURCES, 'packages/real-host/src', 'packages/real-host/package.json'] },
  { name: 'server', built: 'apps/server/tsconfig.tsbuildinfo', sources: [...ENGINE_SOURCES, 'packages/real-host/src', 'apps/server/src', 'apps/server/package.json', 'apps/server/tsconfig.json'] },
  ...(existsSync(at('apps/web/package.json')) ? [{ name: 'web', built: 'apps/web/dist/index.html', sources: [...ENGINE_SOURCES, 'apps/web', 'apps/server/src/protocol.ts', 'scenarios'] }] : []),
];

function stale() {
  return outputs.filter((o) => {
    const built = mtime(at(o.built));
    return built === 0 || Math.max(...o.sources.map((s) => newest(at(s)))) > built;
  });
}

const behind = stale();
if (noBuild) {
  if (behind.length) console.log(`note: --no-build, but dist/ is older than the sources of: ${behind.map((o) => o.name).join(', ')}; measuring it anyway\n`);
} else if (forceBuild || behind.length) {
  console.log(`${forceBuild ? 'building (--build)' : `build is not current (${behind.map((o) => o.name).join(', ')})`}: npm run build ...`);
  const t = Date.now();
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (build.status !== 0) {
    process.stdout.write(build.stdout.split('\n').slice(-40).join('\n'));
    process.stderr.write(build.stderr);
    console.error(`\nnpm run build failed (exit ${build.status}); nothing was measured. Fix the build, or run with --no-build to measure the existing dist/.`);
    process.exit(1);
  }
  console.log(`build done in ${((Date.now() - t) / 1000).toFixed(1)} s\n`);
} else {
  console.log('build is current (no source newer than dist/)\n');
}

// The suite's own wall time takes half an hour (npm test idle and under two hogs): only with --suite.
const withSuite = args.includes('--suite');
const benches = readdirSync(at('bench'))
  .filter((f) => f.endsWith('.mjs') && (withSuite || f !== 'suite.mjs'))
  .sort();
if (!withSuite) console.log('bench/suite.mjs (npm test idle and under two CPU hogs, about 30 min) is left out: npm run bench -- --suite\n');
const summary = [];
// A figure with its verdict: PASS/MISS (engine, server), or `(budget ...) ok` / `OVER BUDGET` (web).
const VERDICT = /\b(PASS|MISS)\b|\(budget [^)]*\)\s+(ok|OVER BUDGET)\s*$/;
const isMiss = (line) => /\bMISS\b|OVER BUDGET/.test(line);
let failed = false;
for (const file of benches) {
  console.log(`━━ bench/${file} ${'━'.repeat(Math.max(0, 60 - file.length))}`);
  const t = Date.now();
  const run = spawnSync(process.execPath, [at(`bench/${file}`), ...(strict ? ['--strict'] : [])], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  process.stdout.write(run.stdout);
  const seconds = ((Date.now() - t) / 1000).toFixed(1);
  if (run.status !== 0 || run.signal) {
    failed = true;
    summary.push(`bench/${file}: exited ${run.signal ?? run.status} after ${seconds} s`);
  }
  for (const line of run.stdout.split('\n')) {
    if (VERDICT.test(line)) summary.push(`bench/${file}: ${line.trim()}`);
  }
  console.log(`(bench/${file}: ${seconds} s)\n`);
}

console.log('━━ summary ' + '━'.repeat(56));
for (const line of summary) console.log(line);
const figures = summary.filter((l) => VERDICT.test(l));
const misses = figures.filter(isMiss).length;
console.log(`${figures.length - misses} met, ${misses} missed${failed ? '; a bench failed (see above)' : ''}`);
process.exit(failed ? 1 : 0);
