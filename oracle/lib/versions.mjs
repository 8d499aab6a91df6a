// The Claude Code versions the oracle records, and what each build can be asked to do: older builds are a `cli.js`
// run by Node, lack flags (`--include-hook-events`, `--settings`) and events, and some try to reach the vendor's API
// whatever the environment says (see /work/shared/hosts/claude-code-versions/RUNNING.md).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { isSessionCase } from './case-kinds.mjs';
import { CLI_PREFIX, cliBinary } from './cli.mjs';

/** Every version hookplay is verified on, oldest first. The newest is the default. */
export const VERSIONS = ['1.0.41', '2.0.76', '2.1.47', '2.1.143', '2.1.332'];
export const NEWEST = VERSIONS[VERSIONS.length - 1];

/** Every hook event name a case may use, and the ones each build knows (read from each build's own code). */
const ALL_EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PermissionRequest', 'PostToolUse', 'PostToolUseFailure', 'PostToolBatch', 'Stop', 'SessionEnd', 'SubagentStop', 'Notification', 'PreCompact'];
const V1_EVENTS = ['PreToolUse', 'PostToolUse', 'Stop', 'SubagentStop', 'Notification', 'PreCompact'];
const V2_EVENTS = [...V1_EVENTS, 'SessionStart', 'UserPromptSubmit', 'PermissionRequest', 'PostToolUseFailure', 'SessionEnd'];

/** The values each build's `--permission-mode` accepts (its --help; 1.0.41 takes no session case at all). */
function modesOf(version) {
  if (compareVersions(version, '2.1.113') < 0) return ['acceptEdits', 'bypassPermissions', 'default', 'dontAsk', 'plan'];
  if (compareVersions(version, '2.1.332') < 0) return ['acceptEdits', 'auto', 'bypassPermissions', 'default', 'dontAsk', 'plan'];
  return null;
}

/** Compares dotted versions numerically: negative when a < b. */
export function compareVersions(a, b) {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}

/** The events a build fires hooks for. */
export function eventsOf(version) {
  if (compareVersions(version, '2.0.0') < 0) return V1_EVENTS;
  if (compareVersions(version, '2.1.113') < 0) return V2_EVENTS;
  return ALL_EVENTS;
}

/** Where a build's entry point is: a cli.js (run by this Node) up to 2.1.112, the native binary after. */
export function commandOf(version) {
  const js = join(CLI_PREFIX, version, 'node_modules', '@anthropic-ai', 'claude-code', 'cli.js');
  if (compareVersions(version, '2.1.113') < 0) return { cmd: process.execPath, pre: [js], path: js };
  const bin = cliBinary(version);
  return { cmd: bin, pre: [], path: bin };
}

/** Installs the version into oracle/.cli/<version> (gitignored) when missing; its command. */
export function ensureVersion(version, log = console.log) {
  const c = commandOf(version);
  if (existsSync(c.path)) return c;
  const prefix = join(CLI_PREFIX, version);
  mkdirSync(prefix, { recursive: true });
  log(`installing @anthropic-ai/claude-code@${version} into ${prefix} (once; gitignored, never committed)...`);
  const r = spawnSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', `@anthropic-ai/claude-code@${version}`], { stdio: 'inherit' });
  if (r.status !== 0 || !existsSync(c.path)) throw new Error(`could not install @anthropic-ai/claude-code@${version} (npm exit ${r.status}); expected ${c.path}`);
  return c;
}

/**
 * What a build lets the harness see and do, read from its `--help`: whether it streams hook events, whether it takes
 * `--settings` (1.0.41 does not: the probes then go into a managed-settings file), and the events it knows.
 */
export function capabilitiesOf(version, command = commandOf(version)) {
  const help = spawnSync(command.cmd, [...command.pre, '--help'], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, DISABLE_AUTOUPDATER: '1' } }).stdout ?? '';
  return {
    hookEvents: help.includes('--include-hook-events'),
    settingsFlag: /--settings\b/.test(help),
    events: eventsOf(version),
  };
}

/** The event names a case's settings files declare hooks for (any file whose JSON parses). */
export function eventsUsed(c) {
  const used = new Set();
  for (const [path, text] of Object.entries(c.files ?? {})) {
    if (!/settings(\.local)?\.json$/.test(path)) continue;
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch {
      continue;
    }
    for (const e of Object.keys(parsed?.hooks ?? {})) used.add(e);
  }
  return [...used];
}

/**
 * Why a case cannot be asked of a build (null when it can): a case whose hooks sit on an event the build does not
 * have tests nothing on it (the hook would simply never run), so it is skipped there and the skip is reported.
 */
export function unsupportedReason(c, version) {
  const known = eventsOf(version);
  const missing = eventsUsed(c).filter((e) => ALL_EVENTS.includes(e) && !known.includes(e));
  if (missing.length) return `Claude Code ${version} has no ${missing.join(', ')} event`;
  // 1.0.41 exits at once on `--permission-prompt-tool stdio` ("MCP tool stdio ... not found"), and refuses
  // --dangerously-skip-permissions as root: a session case cannot be asked of it (recorded).
  if (isSessionCase(c) && compareVersions(version, '2.0.0') < 0) return `Claude Code ${version} has no --permission-prompt-tool stdio`;
  const modes = modesOf(version);
  if (c.permissionMode && modes && !modes.includes(c.permissionMode)) return `Claude Code ${version}'s --permission-mode has no ${c.permissionMode}`;
  return null;
}

/**
 * Re-runs this process inside a network namespace that has only loopback (mock and CLI both inside it), so nothing a
 * build tries can leave the machine. Returns only in the namespace; the parent exits with the child's code.
 */
export function enterLoopbackNamespace() {
  if (process.env.HOOKPLAY_ORACLE_NETNS === '1') return;
  const script = 'ip link set lo up && exec "$0" "$@"';
  const r = spawnSync('unshare', ['-n', 'sh', '-c', script, process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, HOOKPLAY_ORACLE_NETNS: '1' },
  });
  if (r.error) {
    console.error(`could not start a loopback-only network namespace (unshare -n, needs root): ${r.error.message}`);
    process.exit(2);
  }
  process.exit(r.status ?? 2);
}
