#!/usr/bin/env node
// The `hookplay` command. npm links a workspace's bin when it installs, before `prepare` has built dist/, and
// it makes no link to a file that does not exist yet: this committed shim is what gets linked, and it loads
// the build. In a checkout whose build is missing it builds first; an installed package always has dist/.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  let monorepo = false;
  try {
    monorepo = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')).name === 'hookplay-monorepo';
  } catch {
    // not inside the hookplay checkout
  }
  if (!monorepo) {
    process.stderr.write(`hookplay: ${fileURLToPath(cli)} is missing: this copy of hookplay was not built\n`);
    process.exit(1);
  }
  process.stderr.write('hookplay: not built yet; running `npm run build` once (about half a minute)...\n');
  // stdout of the build goes to stderr, so `hookplay run --json` output stays clean.
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 2, 2] });
  if (build.status !== 0 || !existsSync(cli)) {
    process.stderr.write(`hookplay: the build failed (exit ${build.status}); fix it and run \`npm run build\` in ${root}\n`);
    process.exit(1);
  }
}
await import(cli.href);
