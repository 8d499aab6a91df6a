// Turns one real CLI run (its stream-json, the requests the mock received, the probe hooks' logs) into an
// Observation: what the host did, in the same shape hookplay's session simulation produces.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the harness's own probe hooks log the payloads they receive (relative to the project). */
export const PROBE_DIR = '.oracle-probe';
/** Events the harness probes with its own hook (passed with `--settings`, so the case's files stay untouched). */
export const PROBED_EVENTS = ['PostToolUse', 'PostToolUseFailure', 'Stop'];

/** The probes' settings; `events`: those of PROBED_EVENTS the build has (1.0.41 has no PostToolUseFailure). */
export function probeSettings(events = PROBED_EVENTS) {
  // The project directory is this run's cwd: 1.0.41 does not set CLAUDE_PROJECT_DIR.
  const probe = (event) => ({ hooks: [{ type: 'command', command: `{ cat; echo; } >> "\${CLAUDE_PROJECT_DIR:-$PWD}/${PROBE_DIR}/${event}.jsonl" # hookplay oracle probe` }] });
  return { hooks: Object.fromEntries(events.map((e) => [e, [probe(e)]])) };
}

const HOOK_EVENTS =
  'SessionStart|UserPromptSubmit|PreToolUse|PostToolUse|PostToolUseFailure|PostToolBatch|PermissionRequest|Stop|SubagentStop|Notification|PreCompact|SessionEnd';
const HOOK_SEGMENT = new RegExp(`^(${HOOK_EVENTS})(:\\S+)? hook `);
const REMINDER = /<system-reminder>\nThe text below is the output of a hook[^\n]*\n([\s\S]*?)\n<\/system-reminder>/;
/** A hook's text in a reminder of its own, without the header (Stop's additionalContext). */
const BARE_REMINDER = new RegExp(`^<system-reminder>\\n((?:${HOOK_EVENTS})(?::\\S+)? hook [\\s\\S]*?)\\n</system-reminder>$`);

/** Replaces the run's own directories so observations compare across runs and machines. */
export function normalizer({ project, home, root }) {
  const pairs = [
    [project, '$PROJECT'],
    [home, '$HOME'],
    [root, '$ROOT'],
  ].filter(([p]) => p);
  return (value) => {
    if (typeof value === 'string') {
      let s = value;
      for (const [p, r] of pairs) s = s.split(p).join(r);
      return s;
    }
    if (Array.isArray(value)) return value.map(normalizer({ project, home, root }));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalizer({ project, home, root })(v)]));
    return value;
  };
}

const textOf = (content) =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content
          .filter((c) => c && c.type === 'text')
          .map((c) => c.text)
          .join('\n')
      : '';

/** Texts that came from hooks, in the order the model reads them in a request's messages. */
export function hookTextsInRequest(body) {
  const out = [];
  for (const message of body?.messages ?? []) {
    if (message.role === 'system') {
      for (const segment of textOf(message.content).split('\n\n')) if (HOOK_SEGMENT.test(segment)) out.push(segment);
    } else if (message.role === 'user') {
      const parts = typeof message.content === 'string' ? [message.content] : (message.content ?? []).filter((c) => c.type === 'text').map((c) => c.text);
      for (const part of parts) {
        const m = REMINDER.exec(part) ?? BARE_REMINDER.exec(part);
        if (m) out.push(m[1]);
      }
    }
  }
  return out;
}

function readJsonl(path) {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

/**
 * @returns {{ observation: object, hookEvents: object[], result: object | null }}
 */
export function observe({ stdout, requests, project, home, root, probed = PROBED_EVENTS }) {
  const norm = normalizer({ project, home, root });
  const events = stdout
    .split('\n')
    .filter((l) => l.trim().startsWith('{'))
    .map((l) => {
      try {
        return JSON.parse(l);
      } catch {
        return null;
      }
    })
    .filter(Boolean);

  const probes = Object.fromEntries(PROBED_EVENTS.map((e) => [e, readJsonl(join(project, PROBE_DIR, `${e}.jsonl`))]));

  const hookRuns = {};
  for (const e of events) if (e.type === 'system' && e.subtype === 'hook_started') hookRuns[e.hook_event] = (hookRuns[e.hook_event] ?? 0) + 1;
  for (const event of probed) {
    if (hookRuns[event] === undefined) continue;
    hookRuns[event] -= probes[event].length;
    if (hookRuns[event] === 0) delete hookRuns[event];
  }

  let tool = null;
  const toolUse = events.find((e) => e.type === 'assistant' && e.message?.content?.some((c) => c.type === 'tool_use'));
  if (toolUse) {
    const resultEvent = events.find((e) => e.type === 'user' && Array.isArray(e.message?.content) && e.message.content.some((c) => c.type === 'tool_result'));
    const block = resultEvent?.message.content.find((c) => c.type === 'tool_result');
    const meta = resultEvent?.tool_result_meta?.[0];
    const ran = [...probes.PostToolUse, ...probes.PostToolUseFailure][0];
    // The probes see the input as executed. When no hook runs at all (disableAllHooks), a structured tool result
    // still shows the command ran, with the model's own input (no hook could rewrite it).
    const structured = resultEvent && typeof resultEvent.tool_use_result === 'object' && resultEvent.tool_use_result !== null;
    const asked = toolUse.message.content.find((c) => c.type === 'tool_use').input;
    tool = {
      executed: ran !== undefined || structured,
      input: ran ? ran.tool_input : structured ? asked : null,
      result: block ? norm(textOf(block.content)) : null,
      isError: block ? block.is_error === true : null,
      decidedBy: meta?.permission_decision?.source ?? null,
    };
  }

  const last = requests[requests.length - 1];
  const modelSaw = last ? hookTextsInRequest(last.body).map(norm) : [];
  const userSaw = events.filter((e) => e.type === 'system' && e.subtype === 'informational').map((e) => norm(e.content));
  const result = events.filter((e) => e.type === 'result').pop() ?? null;

  const observation = {
    requests: requests.length,
    tool,
    modelSaw,
    userSaw,
    stopRuns: probes.Stop.map((p) => p.stop_hook_active === true),
    halted: result?.terminal_reason === 'hook_stopped',
    hookRuns,
  };

  const hookEvents = events
    .filter((e) => e.type === 'system' && (e.subtype === 'hook_started' || e.subtype === 'hook_response'))
    .map((e) =>
      e.subtype === 'hook_started'
        ? { started: e.hook_name }
        : { ended: e.hook_name, exit_code: e.exit_code, outcome: e.outcome, stdout: norm(e.stdout), stderr: norm(e.stderr) },
    );
  const gapsMs = requests.slice(1).map((r, i) => r.at - requests[i].at);
  return {
    observation,
    events,
    norm,
    hookEvents,
    gapsMs,
    result: result ? { subtype: result.subtype, terminal_reason: result.terminal_reason ?? null, is_error: result.is_error, result: norm(result.result ?? '') } : null,
  };
}
