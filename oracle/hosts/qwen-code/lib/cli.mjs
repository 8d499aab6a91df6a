// Installing and running the real Qwen Code CLI, offline, in a fresh directory per case.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HOST_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
export const CLI_PREFIX = join(HOST_DIR, '.cli');

export function cliEntry(version) {
  return join(CLI_PREFIX, version, 'node_modules', '@qwen-code', 'qwen-code', 'cli.js');
}

/** Installs @qwen-code/qwen-code@version into oracle/hosts/qwen-code/.cli/<version> once (about 150 MB). */
export function ensureCli(version, log = console.log) {
  const entry = cliEntry(version);
  if (existsSync(entry)) return entry;
  const prefix = join(CLI_PREFIX, version);
  mkdirSync(prefix, { recursive: true });
  log(`installing @qwen-code/qwen-code@${version} into ${prefix} (about 150 MB, once)...`);
  const r = spawnSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', `@qwen-code/qwen-code@${version}`], { stdio: 'inherit' });
  if (r.status !== 0 || !existsSync(entry)) throw new Error(`could not install @qwen-code/qwen-code@${version} (npm exit ${r.status}); expected ${entry}`);
  return entry;
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
 * Runs `qwen "<prompt>" --yolo -o stream-json` once against the mock. Nothing leaves the machine: the base URL and
 * every proxy variable point at the mock, telemetry and updates are off in the user settings the harness writes.
 */
export function runCli({ entry, root, home, project, mockUrl, prompt = 'do it', timeoutMs = 90_000, graceMs = 2500, env: extraEnv = {}, args: extraArgs = [] }) {
  const tmp = join(root, 'tmp');
  mkdirSync(tmp, { recursive: true });
  const env = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    LANG: 'C.UTF-8',
    HOME: home,
    TMPDIR: tmp,
    OPENAI_API_KEY: 'sk-hookplay-oracle-dummy',
    OPENAI_BASE_URL: `${mockUrl}/v1`,
    OPENAI_MODEL: 'gpt-4.1',
    QWEN_CODE_SUPPRESS_YOLO_WARNING: '1',
    // One process instead of a relaunched child with a bigger heap: the same CLI, half the start-up cost.
    QWEN_CODE_NO_RELAUNCH: 'true',
    QWEN_CODE_SYSTEM_SETTINGS_PATH: join(root, 'system-settings.json'),
    QWEN_CODE_SYSTEM_DEFAULTS_PATH: join(root, 'system-defaults.json'),
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
  const args = [entry, prompt, '--yolo', '-o', 'stream-json', ...extraArgs];
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(process.execPath, args, { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    const marks = [];
    // After its final `result` line the CLI idles for about 12 s before it exits (shutdown work, no hooks): the
    // observation is complete by then, so the harness ends it after a short grace.
    let ending = null;
    child.stdout.setEncoding('utf8').on('data', (c) => {
      stdout += c;
      marks.push(Date.now() - t0);
      if (!ending && /^\{"type":"result"/m.test(stdout)) {
        ending = setTimeout(() => {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {}
        }, graceMs);
      }
    });
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
      if (ending) clearTimeout(ending);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
      resolve({ code, signal, timedOut, stdout, stderr, ms: Date.now() - t0, stdoutAtMs: marks });
    });
  });
}
