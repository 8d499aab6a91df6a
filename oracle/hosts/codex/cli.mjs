// Installing and running the real Codex CLI (`codex exec`), offline, in a fresh directory per case.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
export const CLI_PREFIX = join(HERE, '.cli');
/** A dummy key: codex wants one; the mock accepts anything. Hooks inherit it, as they inherit codex's whole environment. */
export const OPENAI_API_KEY = 'sk-hookplay-oracle-dummy';

/** The native binary the npm package ships for this platform (the `codex` bin is a node launcher for it). */
export function cliBinary() {
  const arch = process.arch === 'arm64' ? 'aarch64' : 'x86_64';
  const pkg = process.arch === 'arm64' ? 'codex-linux-arm64' : 'codex-linux-x64';
  return join(CLI_PREFIX, 'node_modules', '@openai', pkg, 'vendor', `${arch}-unknown-linux-musl`, 'bin', 'codex');
}

/** Installs @openai/codex@version into oracle/hosts/codex/.cli when it is not there yet (about 424 MB). */
export function ensureCli(version, log = console.log) {
  const bin = cliBinary();
  const pkgJson = join(CLI_PREFIX, 'node_modules', '@openai', 'codex', 'package.json');
  if (existsSync(bin) && existsSync(pkgJson)) {
    const installed = spawnSync('node', ['-p', `require(${JSON.stringify(pkgJson)}).version`], { encoding: 'utf8' }).stdout.trim();
    if (installed === version) return bin;
  }
  mkdirSync(CLI_PREFIX, { recursive: true });
  log(`installing @openai/codex@${version} into ${CLI_PREFIX} (about 424 MB, once)...`);
  const r = spawnSync('npm', ['install', '--prefix', CLI_PREFIX, '--no-save', '--no-audit', '--no-fund', `@openai/codex@${version}`], { stdio: 'inherit' });
  if (r.status !== 0 || !existsSync(bin)) throw new Error(`could not install @openai/codex@${version} (npm exit ${r.status}); expected ${bin}`);
  return bin;
}

/** Writes a case's files: `~/x` under home, anything else under the project. Scripts get the executable bit. */
export function writeFiles(files, home, project) {
  for (const [key, text] of Object.entries(files)) {
    const path = key.startsWith('~/') ? join(home, key.slice(2)) : join(project, key);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    if (/\.(sh|mjs|js|py)$/.test(path)) chmodSync(path, 0o755);
  }
}

/**
 * Runs `codex exec` once against the mock. Nothing leaves the machine: the model provider is the mock, every
 * proxy variable points at it, analytics and the networked features are off.
 * `bashEnv` is the oracle's probe (see observe.mjs), sourced by every non-interactive bash codex starts.
 */
export function runCodex({ bin, root, home, project, mockUrl, bashEnv, probeDir, prompt = 'do it', trusted = true, extraArgs = [], timeoutMs = 90_000, signalAfterMs }) {
  const tmp = join(root, 'tmp');
  mkdirSync(tmp, { recursive: true });
  const codexHome = join(home, '.codex');
  mkdirSync(codexHome, { recursive: true });
  // Trust the project in the user config.toml: a `-c projects=…` override does not make codex load project hooks.
  if (trusted) appendFileSync(join(codexHome, 'config.toml'), `\n[projects.${JSON.stringify(project)}]\ntrust_level = "trusted"\n`);
  const env = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    LANG: 'C.UTF-8',
    HOME: home,
    TMPDIR: tmp,
    CODEX_HOME: codexHome,
    SHELL: '/bin/bash',
    OPENAI_API_KEY,
    BASH_ENV: bashEnv,
    HOOKPLAY_PROBE_DIR: probeDir,
    HTTP_PROXY: mockUrl,
    HTTPS_PROXY: mockUrl,
    ALL_PROXY: mockUrl,
    http_proxy: mockUrl,
    https_proxy: mockUrl,
    all_proxy: mockUrl,
    NO_PROXY: '127.0.0.1,localhost',
    no_proxy: '127.0.0.1,localhost',
  };
  const config = [
    'model="gpt-5"',
    'model_provider="mock"',
    `model_providers={mock={name="mock",base_url="${mockUrl}/v1",wire_api="responses",env_key="OPENAI_API_KEY"}}`,
    'features.plugins=false',
    'features.apps=false',
    'features.remote_plugin=false',
    'features.plugin_sharing=false',
    'analytics.enabled=false',
    'check_for_update_on_startup=false',
  ].flatMap((c) => ['-c', c]);
  const args = ['exec', '--json', '--skip-git-repo-check', '--dangerously-bypass-hook-trust', '--dangerously-bypass-approvals-and-sandbox', ...config, ...extraArgs, prompt];
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(bin, args, { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c) => (stderr += c));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }, timeoutMs);
    const interrupt = signalAfterMs === undefined ? null : setTimeout(() => child.kill('SIGINT'), signalAfterMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (interrupt) clearTimeout(interrupt);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
      resolve({ code, signal, timedOut, stdout, stderr, ms: Date.now() - t0 });
    });
  });
}
