// Installing and running the real Copilot CLI offline (BYOK against the local mock), one fresh directory per case.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
export const CLI_PREFIX = join(HERE, '.cli');
/** The CLI unpacks about 235 MB under ~/.cache/copilot on its first run: every case's home links to this one copy. */
const SHARED_CACHE = join(CLI_PREFIX, 'cache', 'copilot');

export function cliBinary() {
  return join(CLI_PREFIX, 'node_modules', '.bin', 'copilot');
}

/** Installs @github/copilot@version into oracle/hosts/copilot-cli/.cli when it is not there yet (189 MB). */
export function ensureCli(version, log = console.log) {
  const bin = cliBinary();
  const pkg = join(CLI_PREFIX, 'node_modules', '@github', 'copilot', 'package.json');
  if (existsSync(bin) && existsSync(pkg)) {
    if (JSON.parse(readFileSync(pkg, 'utf8')).version === version) return bin;
  }
  mkdirSync(CLI_PREFIX, { recursive: true });
  log(`installing @github/copilot@${version} into ${CLI_PREFIX} (189 MB, once; 235 MB more unpacked on first run)...`);
  const r = spawnSync('npm', ['install', '--prefix', CLI_PREFIX, '--no-save', '--no-audit', '--no-fund', `@github/copilot@${version}`], { stdio: 'inherit' });
  if (r.status !== 0 || !existsSync(bin)) throw new Error(`could not install @github/copilot@${version} (npm exit ${r.status}); expected ${bin}`);
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
 * Runs `copilot -p` once against the mock. Nothing leaves the machine: COPILOT_OFFLINE, the BYOK provider URL and
 * every proxy variable point at the mock, and GitHub tokens are unset.
 */
export function runCli({ bin, root, home, project, mockUrl, prompt = 'do it', timeoutMs = 90_000, args = [], env: extraEnv = {} }) {
  const tmp = join(root, 'tmp');
  mkdirSync(tmp, { recursive: true });
  mkdirSync(join(home, '.cache'), { recursive: true });
  if (existsSync(SHARED_CACHE) && !existsSync(join(home, '.cache', 'copilot'))) symlinkSync(SHARED_CACHE, join(home, '.cache', 'copilot'));
  const env = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    LANG: 'C.UTF-8',
    HOME: home,
    TMPDIR: tmp,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    COPILOT_HOME: join(home, '.copilot'),
    COPILOT_OFFLINE: 'true',
    COPILOT_PROVIDER_BASE_URL: `${mockUrl}/v1`,
    COPILOT_PROVIDER_TYPE: 'openai',
    COPILOT_PROVIDER_API_KEY: 'sk-hookplay-oracle-dummy',
    COPILOT_MODEL: 'gpt-4.1',
    COPILOT_AUTO_UPDATE: 'false',
    HTTPS_PROXY: mockUrl,
    HTTP_PROXY: mockUrl,
    ALL_PROXY: mockUrl,
    https_proxy: mockUrl,
    http_proxy: mockUrl,
    all_proxy: mockUrl,
    NO_PROXY: '127.0.0.1,localhost',
    no_proxy: '127.0.0.1,localhost',
    ...extraEnv,
  };
  const argv = ['-p', prompt, '--allow-all', '--no-auto-update', '--output-format', 'json', ...args];
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(bin, argv, { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
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
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
      resolve({ code, signal, timedOut, stdout, stderr, ms: Date.now() - t0 });
    });
  });
}
