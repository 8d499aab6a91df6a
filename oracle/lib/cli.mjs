// Installing and running the real Claude Code CLI, offline, in a fresh directory per case.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync, chmodSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ORACLE_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
export const CLI_PREFIX = join(ORACLE_DIR, '.cli');

/** The native binary the npm package ships for this platform (its postinstall only copies it to bin/). */
export function cliBinary(version) {
  const prefix = join(CLI_PREFIX, version);
  const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
  return join(prefix, 'node_modules', '@anthropic-ai', `claude-code-linux-${arch}`, 'claude');
}

/** Installs @anthropic-ai/claude-code@version into oracle/.cli/<version> when it is not there yet (about 400 MB). */
export function ensureCli(version, log = console.log) {
  const bin = cliBinary(version);
  if (existsSync(bin)) return bin;
  const prefix = join(CLI_PREFIX, version);
  mkdirSync(prefix, { recursive: true });
  log(`installing @anthropic-ai/claude-code@${version} into ${prefix} (about 400 MB, once)...`);
  const r = spawnSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', `@anthropic-ai/claude-code@${version}`], { stdio: 'inherit' });
  if (r.status !== 0 || !existsSync(bin)) throw new Error(`could not install @anthropic-ai/claude-code@${version} (npm exit ${r.status}); expected ${bin}`);
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
 * Runs `claude -p` once against the mock. Never lets anything leave the machine: the base URL and both proxies
 * point at the mock, and every non-essential traffic switch is off.
 */
export function runCli({ bin, pre = [], root, home, project, mockUrl, prompt = 'do it', timeoutMs = 60_000, extraArgs = [], allowedTools = 'Bash', hookEvents = true, managedDir = null, drive = null, extraEnv = {} }) {
  const tmp = join(root, 'tmp');
  mkdirSync(tmp, { recursive: true });
  const env = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    LANG: 'C.UTF-8',
    HOME: home,
    TMPDIR: tmp,
    CLAUDE_CODE_TMPDIR: tmp,
    ANTHROPIC_BASE_URL: mockUrl,
    ANTHROPIC_API_KEY: 'sk-ant-hookplay-oracle-dummy',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    HTTPS_PROXY: mockUrl,
    HTTP_PROXY: mockUrl,
    https_proxy: mockUrl,
    http_proxy: mockUrl,
    NO_PROXY: '',
    no_proxy: '',
    ...extraEnv,
  };
  // Older builds lack --include-hook-events (versions.mjs reads each build's --help).
  // A `drive`n session (lib/approvals.mjs) talks stream-json on stdin: its prompts come from there, not argv.
  // `allowedTools: null` leaves --allowedTools out, so only the case's permission rules and mode decide.
  const args = ['-p', ...(drive ? [] : [prompt]), '--output-format', 'stream-json', '--verbose', ...(hookEvents ? ['--include-hook-events'] : []), ...(allowedTools === null ? [] : ['--allowedTools', allowedTools]), ...extraArgs];
  // A build without --settings reads the harness's probes from a managed-settings file: a private mount namespace
  // puts this run's own directory on /etc/claude-code, so parallel runs and the machine never see each other's.
  const [file, argv] = managedDir
    ? ['unshare', ['-m', 'sh', '-c', 'mount --bind "$0" /etc/claude-code && exec "$@"', managedDir, bin, ...pre, ...args]]
    : [bin, [...pre, ...args]];
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(file, argv, { cwd: project, env, stdio: [drive ? 'pipe' : 'ignore', 'pipe', 'pipe'], detached: true });
    drive?.(child);
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
      // Hooks the CLI left behind (it should leave none) must not outlive the case.
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
      resolve({ code, signal, timedOut, stdout, stderr, ms: Date.now() - t0 });
    });
  });
}
