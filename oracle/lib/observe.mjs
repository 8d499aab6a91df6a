// The oracle's reading of a Claude Code run: the package's (packages/real-host/src/hosts/claude-code/observe.ts),
// with the oracle's own probes in the project's `.oracle-probe/` and its fixtures' shape.
import { join } from 'node:path';
import { claudeObserve, hookTextsInRequest, normalizer, CLAUDE_PROBED_EVENTS } from '@hookplay/real-host';

export { hookTextsInRequest, normalizer };

/** Where the harness's own probe hooks log the payloads they receive (relative to the project). */
export const PROBE_DIR = '.oracle-probe';
/** Events the harness probes with its own hook (passed with `--settings`, so the case's files stay untouched). */
export const PROBED_EVENTS = CLAUDE_PROBED_EVENTS;

/** The probes' settings; `events`: those of PROBED_EVENTS the build has (1.0.41 has no PostToolUseFailure). */
export function probeSettings(events = PROBED_EVENTS) {
  // The project directory is this run's cwd: 1.0.41 does not set CLAUDE_PROJECT_DIR.
  const probe = (event) => ({ hooks: [{ type: 'command', command: `{ cat; echo; } >> "\${CLAUDE_PROJECT_DIR:-$PWD}/${PROBE_DIR}/${event}.jsonl" # hookplay oracle probe` }] });
  return { hooks: Object.fromEntries(events.map((e) => [e, [probe(e)]])) };
}

/**
 * @returns {{ observation: object, events: object[], norm: Function, hookEvents: object[], gapsMs: number[], result: object | null }}
 */
export function observe({ stdout, requests, project, home, root, probed = PROBED_EVENTS }) {
  const seen = claudeObserve({ stdout, requests, dirs: { project, home, root }, probeDir: join(project, PROBE_DIR), probed });
  // The fixtures keep the oracle's shape: the hook ends are read from `hookEvents`, a case of several turns adds
  // every request's texts itself (case-kinds.mjs), and one call is compared through `tool`.
  const { tools: _tools, requestsSaw: _requestsSaw, terminal: _terminal, hookEnds: _hookEnds, ...observation } = seen.observation;
  return { ...seen, observation };
}
