import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordedRequest } from '../../mock/server.js';

/**
 * What a Claude Code run showed, in the same shape the engine's claude-code lifecycle reports for the same session
 * (packages/engine/src/dialects/claude-code/lifecycle.ts, `Observation`), so the two compare field by field.
 */
export interface ClaudeObservation {
  requests: number;
  /** The last tool call (the oracle's single-call cases compare this one). */
  tool: ObservedTool | null;
  /** Every tool call, in the order the model made them. */
  tools?: ObservedTool[];
  modelSaw: string[];
  userSaw: string[];
  stopRuns: boolean[];
  halted: boolean;
  hookRuns: Record<string, number>;
  hookEnds?: Record<string, string[]>;
  asked?: { tool: string; command: string | null; answer: unknown }[];
  decisions?: unknown[];
  requestsSaw?: string[][];
  /** How the session ended, as far as the stream tells (the result's terminal reason). */
  terminal?: string | null;
  /** The CLI refused to start, in its own words (nothing ran). */
  refused?: string;
  unobserved?: string[];
}

export interface ObservedTool {
  executed: boolean;
  input: Record<string, unknown> | null;
  result: string | null;
  isError: boolean | null;
  decidedBy: string | null;
}

/**
 * The CLI's refusals to start that a scenario can cause, as 2.1.332 words them on stderr (recorded:
 * x-bypass-no-sandbox, x-args-skip-permissions-no-sandbox): anything else that ends it before a request is a failed
 * start, not the session's end.
 */
const REFUSALS = [/--dangerously-skip-permissions cannot be used with root\/sudo privileges for security reasons/];

/** The refusal line of a CLI that exited before asking the model anything, or null. */
export function refusalOf(stderr: string): string | null {
  for (const line of stderr.split('\n')) if (REFUSALS.some((r) => r.test(line))) return line.trim();
  return null;
}

/** The harness's own hooks (given with `--settings`, so the scenario's files stay as written) log their payloads. */
export const PROBED_EVENTS = ['PostToolUse', 'PostToolUseFailure', 'Stop'] as const;

/** The probes' settings: each appends its payload to `<dir>/<event>.jsonl`. */
export function probeSettings(dir: string, events: readonly string[] = PROBED_EVENTS): object {
  const probe = (event: string) => ({ hooks: [{ type: 'command', command: `{ cat; echo; } >> '${join(dir, `${event}.jsonl`)}' # hookplay probe` }] });
  return { hooks: Object.fromEntries(events.map((e) => [e, [probe(e)]])) };
}

const HOOK_EVENTS = 'SessionStart|UserPromptSubmit|PreToolUse|PostToolUse|PostToolUseFailure|PostToolBatch|PermissionRequest|Stop|SubagentStop|Notification|PreCompact|SessionEnd';
const HOOK_SEGMENT = new RegExp(`^(${HOOK_EVENTS})(:\\S+)? hook `);
const REMINDER = /<system-reminder>\nThe text below is the output of a hook[^\n]*\n([\s\S]*?)\n<\/system-reminder>/;
const BARE_REMINDER = new RegExp(`^<system-reminder>\\n((?:${HOOK_EVENTS})(?::\\S+)? hook [\\s\\S]*?)\\n</system-reminder>$`);

/** Replaces a run's own directories, so what it shows compares across runs and machines. */
export function normalizer(dirs: { project: string; home: string; root: string }): <T>(value: T) => T {
  const pairs = ([
    [dirs.project, '$PROJECT'],
    [dirs.home, '$HOME'],
    [dirs.root, '$ROOT'],
  ] as const).filter(([p]) => p);
  const norm = (value: unknown): unknown => {
    if (typeof value === 'string') {
      let s = value;
      for (const [p, r] of pairs) s = s.split(p).join(r);
      return s;
    }
    if (Array.isArray(value)) return value.map(norm);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, norm(v)]));
    return value;
  };
  return norm as <T>(value: T) => T;
}

const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content
          .filter((c) => c && (c as { type?: string }).type === 'text')
          .map((c) => (c as { text: string }).text)
          .join('\n')
      : '';

/** Texts that came from hooks, in the order the model reads them in a request's messages. */
export function hookTextsInRequest(body: unknown): string[] {
  const out: string[] = [];
  for (const message of (body as { messages?: { role: string; content: unknown }[] })?.messages ?? []) {
    if (message.role === 'system') {
      for (const segment of textOf(message.content).split('\n\n')) if (HOOK_SEGMENT.test(segment)) out.push(segment);
    } else if (message.role === 'user') {
      const parts = typeof message.content === 'string' ? [message.content] : ((message.content as { type: string; text: string }[]) ?? []).filter((c) => c.type === 'text').map((c) => c.text);
      for (const part of parts) {
        const m = REMINDER.exec(part) ?? BARE_REMINDER.exec(part);
        if (m) out.push(m[1]!);
      }
    }
  }
  return out;
}

function readJsonl(path: string): Record<string, unknown>[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

/** The stream-json lines of a run. */
export function streamEvents(stdout: string): Record<string, any>[] {
  return stdout
    .split('\n')
    .filter((l) => l.trim().startsWith('{'))
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as Record<string, any>];
      } catch {
        return [];
      }
    });
}

export interface ObserveInput {
  stdout: string;
  requests: RecordedRequest[];
  dirs: { project: string; home: string; root: string };
  probeDir: string;
  /** The probe events this build has (1.0.41 has no PostToolUseFailure). */
  probed?: readonly string[];
}

/** Reads one run: its stream (hook events, tool calls and results, notices, the result), requests and probe logs. */
export function observe({ stdout, requests, dirs, probeDir, probed = PROBED_EVENTS }: ObserveInput) {
  const norm = normalizer(dirs);
  const events = streamEvents(stdout);
  const probes = Object.fromEntries(PROBED_EVENTS.map((e) => [e, readJsonl(join(probeDir, `${e}.jsonl`))])) as Record<(typeof PROBED_EVENTS)[number], Record<string, any>[]>;

  const hookRuns: Record<string, number> = {};
  for (const e of events) if (e.type === 'system' && e.subtype === 'hook_started') hookRuns[e.hook_event] = (hookRuns[e.hook_event] ?? 0) + 1;
  for (const event of probed) {
    if (hookRuns[event] === undefined) continue;
    hookRuns[event] -= probes[event as (typeof PROBED_EVENTS)[number]]?.length ?? 0;
    if (hookRuns[event] === 0) delete hookRuns[event];
  }

  // Every tool call with its result, matched by id; the probes (PostToolUse/PostToolUseFailure, in order) show
  // each executed call's input as it ran.
  const ran = [...probes.PostToolUse, ...probes.PostToolUseFailure];
  const results = new Map<string, { block: any; event: any }>();
  for (const e of events) {
    if (e.type !== 'user' || !Array.isArray(e.message?.content)) continue;
    for (const block of e.message.content) if (block?.type === 'tool_result') results.set(block.tool_use_id, { block, event: e });
  }
  const tools: ObservedTool[] = [];
  const unmatched = [...ran];
  for (const e of events) {
    if (e.type !== 'assistant') continue;
    for (const use of e.message?.content ?? []) {
      if (use?.type !== 'tool_use') continue;
      const found = results.get(use.id);
      const meta = found?.event.tool_result_meta?.find?.((m: any) => m?.tool_use_id === use.id) ?? found?.event.tool_result_meta?.[0];
      // Builds whose payloads carry no tool_use_id (1.0.41) are matched in order.
      const probe = ran.find((p) => p.tool_use_id === use.id) ?? (ran.some((p) => p.tool_use_id !== undefined) ? undefined : unmatched.shift());
      const structured = found && typeof found.event.tool_use_result === 'object' && found.event.tool_use_result !== null;
      tools.push({
        executed: probe !== undefined || Boolean(structured),
        input: probe ? (probe.tool_input as Record<string, unknown>) : structured ? use.input : null,
        result: found ? norm(textOf(found.block.content)) : null,
        isError: found ? found.block.is_error === true : null,
        decidedBy: meta?.permission_decision?.source ?? null,
      });
    }
  }
  // The oracle's single-call cases compare one call: the session's last.
  const tool = tools.at(-1) ?? null;

  const last = requests[requests.length - 1];
  const modelSaw = last ? hookTextsInRequest(last.body).map(norm) : [];
  const userSaw = events.filter((e) => e.type === 'system' && e.subtype === 'informational').map((e) => norm(e.content as string));
  const result = events.filter((e) => e.type === 'result').pop() ?? null;

  const observation: ClaudeObservation = {
    requests: requests.length,
    tool,
    tools,
    modelSaw,
    userSaw,
    stopRuns: probes.Stop.map((p) => p.stop_hook_active === true),
    halted: result?.terminal_reason === 'hook_stopped',
    hookRuns,
    requestsSaw: requests.map((r) => hookTextsInRequest(r.body).map(norm)),
    terminal: result?.terminal_reason ?? null,
  };
  const hookEvents = events
    .filter((e) => e.type === 'system' && (e.subtype === 'hook_started' || e.subtype === 'hook_response'))
    .map((e) =>
      e.subtype === 'hook_started'
        ? { started: e.hook_name as string }
        : { ended: e.hook_name as string, exit_code: e.exit_code as number | null, outcome: e.outcome as string, stdout: norm(e.stdout as string), stderr: norm(e.stderr as string) },
    );
  observation.hookEnds = hookEndsOf(hookEvents, observation.hookRuns);
  const gapsMs = requests.slice(1).map((r, i) => r.at - requests[i]!.at);
  return {
    observation,
    events,
    norm,
    hookEvents,
    gapsMs,
    result: result ? { subtype: result.subtype, terminal_reason: result.terminal_reason ?? null, is_error: result.is_error, result: norm(result.result ?? '') } : null,
  };
}

/** How each of the scenario's hook processes ended, per event (the probes' successes taken out), sorted. */
export function hookEndsOf(hookEvents: ({ started: string } | { ended: string; exit_code: number | null; outcome: string })[], hookRuns: Record<string, number>): Record<string, string[]> {
  const eventOf = (name: string) => name.split(':')[0]!;
  const started: Record<string, number> = {};
  const ended: Record<string, string[]> = {};
  for (const e of hookEvents) {
    if ('started' in e) started[eventOf(e.started)] = (started[eventOf(e.started)] ?? 0) + 1;
    else (ended[eventOf(e.ended)] ??= []).push(e.outcome === 'error' ? `error:${e.exit_code}` : e.outcome);
  }
  const out: Record<string, string[]> = {};
  for (const [event, list] of Object.entries(ended)) {
    const probes = (started[event] ?? 0) - (hookRuns[event] ?? 0);
    const mine = [...list];
    for (let k = 0; k < probes; k++) {
      const at = mine.indexOf('success');
      if (at >= 0) mine.splice(at, 1);
    }
    if (mine.length) out[event] = mine.sort();
  }
  return out;
}
