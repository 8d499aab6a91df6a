// Installing and running the real Gemini CLI, offline, in a fresh directory per case.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
export const HOST_DIR = dirname(HERE);
export const CLI_PREFIX = join(HOST_DIR, '.cli');

/** The CLI's entry point inside the installed package. */
export function cliEntry(version) {
  return join(CLI_PREFIX, version, 'node_modules', '@google', 'gemini-cli', 'bundle', 'gemini.js');
}

/** Installs @google/gemini-cli@version into oracle/hosts/gemini-cli/.cli/<version> once (about 100 MB). */
export function ensureCli(version, log = console.log) {
  const entry = cliEntry(version);
  if (existsSync(entry)) return entry;
  const prefix = join(CLI_PREFIX, version);
  mkdirSync(prefix, { recursive: true });
  log(`installing @google/gemini-cli@${version} into ${prefix} (about 100 MB, once)...`);
  const r = spawnSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', `@google/gemini-cli@${version}`], { stdio: 'inherit' });
  if (r.status !== 0 || !existsSync(entry)) throw new Error(`could not install @google/gemini-cli@${version} (npm exit ${r.status}); expected ${entry}`);
  return entry;
}

/** Writes a case's files: `~/x` under home, `/etc/...` under the run's system dir, anything else under the project. */
export function writeFiles(files, { home, project, system }) {
  for (const [key, text] of Object.entries(files)) {
    const path = key.startsWith('~/') ? join(home, key.slice(2)) : key.startsWith('/etc/gemini-cli/') ? join(system, key.slice('/etc/gemini-cli/'.length)) : join(project, key);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    if (/\.(sh|mjs|js|py)$/.test(path)) chmodSync(path, 0o755);
  }
}

/**
 * Settings the harness needs and no case is about: API-key auth, no telemetry, no update check. They sit in the
 * system-defaults file, the lowest level, so the case's own files stay exactly as written.
 */
export const HARNESS_DEFAULTS = {
  security: { auth: { selectedType: 'gemini-api-key' } },
  telemetry: { enabled: false },
  privacy: { usageStatisticsEnabled: false },
  general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
};

/**
 * Runs `gemini -p` once against the mock. Nothing leaves the machine: the API base URL and every proxy variable
 * point at the mock. `bash` on PATH is the probe (lib/bash-probe.sh) that logs each hook process.
 */
export function runCli({ entry, root, home, project, system, probeLog, mockUrl, prompt = 'do it', trusted = true, env: extraEnv = {}, timeoutMs = 90_000 }) {
  const tmp = join(root, 'tmp');
  const bin = join(root, 'bin');
  mkdirSync(tmp, { recursive: true });
  mkdirSync(bin, { recursive: true });
  mkdirSync(probeLog, { recursive: true });
  mkdirSync(system, { recursive: true });
  copyFileSync(join(HERE, 'bash-probe.sh'), join(bin, 'bash'));
  chmodSync(join(bin, 'bash'), 0o755);
  writeFileSync(join(system, 'system-defaults.json'), JSON.stringify(HARNESS_DEFAULTS, null, 2));
  const env = {
    PATH: `${bin}:${process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin'}`,
    LANG: 'C.UTF-8',
    HOME: home,
    TMPDIR: tmp,
    GEMINI_API_KEY: 'hookplay-oracle-dummy-key',
    GOOGLE_GEMINI_BASE_URL: mockUrl,
    GEMINI_TELEMETRY_ENABLED: 'false',
    GEMINI_CLI_NO_RELAUNCH: 'true',
    GEMINI_CLI_SYSTEM_SETTINGS_PATH: join(system, 'settings.json'),
    GEMINI_CLI_SYSTEM_DEFAULTS_PATH: join(system, 'system-defaults.json'),
    HOOKPLAY_PROBE_LOG: probeLog,
    HTTPS_PROXY: mockUrl,
    HTTP_PROXY: mockUrl,
    ALL_PROXY: mockUrl,
    https_proxy: mockUrl,
    http_proxy: mockUrl,
    all_proxy: mockUrl,
    NO_PROXY: '127.0.0.1,localhost',
    no_proxy: '127.0.0.1,localhost',
    ...(trusted ? { GEMINI_CLI_TRUST_WORKSPACE: 'true' } : {}),
    ...extraEnv,
  };
  // Text output: stderr is what a person running `gemini -p` sees, stdout the model's answer.
  const args = [entry, '-p', prompt, '--yolo', '-m', 'gemini-2.5-pro', '-o', 'text'];
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(process.execPath, args, { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
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
      // Hooks the CLI left behind must not outlive the case.
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
      resolve({ code, signal, timedOut, stdout, stderr, ms: Date.now() - t0 });
    });
  });
}
