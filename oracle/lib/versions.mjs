// The Claude Code versions the oracle records, and what each build can be asked to do: older builds are a `cli.js`
// run by Node, lack flags (`--include-hook-events`, `--settings`) and events, and some try to reach the vendor's API
// whatever the environment says (each run's network namespace has only the mock; see packages/real-host).
import { join } from 'node:path';
import { cacheRoot, claudeCapabilities, compareVersions } from '@hookplay/real-host';

export { compareVersions };
import { isSessionCase } from './case-kinds.mjs';

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

/** The events a build fires hooks for. */
export function eventsOf(version) {
  if (compareVersions(version, '2.0.0') < 0) return V1_EVENTS;
  if (compareVersions(version, '2.1.113') < 0) return V2_EVENTS;
  return ALL_EVENTS;
}

/**
 * What a build lets the harness see and do, read from its `--help` (kept beside its install): whether it streams
 * hook events, whether it takes `--settings` (1.0.41 does not: the probes then go into a managed-settings file),
 * and the events it knows.
 */
export async function capabilitiesOf(version, installed) {
  const caps = await claudeCapabilities(installed, join(cacheRoot(), 'runs', '.capabilities'));
  return { hookEvents: caps.hookEvents, settingsFlag: caps.settingsFlag, events: eventsOf(version) };
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
