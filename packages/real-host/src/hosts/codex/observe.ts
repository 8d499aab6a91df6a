import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordedRequest } from '../../mock/server.js';
import type { CodexCall } from './script.js';

/** One tool call as the model lived it: ran or not, the command as executed, its exit code, what the model read. */
export interface CodexCallObservation {
  executed: boolean;
  command: string | null;
  exitCode: number | null;
  result: string | null;
}

/**
 * What a Codex run showed, in the shape the engine's codex lifecycle reports for the same session
 * (packages/engine/src/dialects/codex/lifecycle.ts, `CodexObservation`). The first seven fields are the old
 * oracle's (oracle/hosts/codex/fixtures), the rest what a whole session adds.
 */
export interface CodexObservation {
  requests: number;
  tool: CodexCallObservation | null;
  modelSaw: string[];
  userSaw: string[];
  stopRuns: boolean[];
  hookRuns: Record<string, number>;
  exitCode: number;
  tools?: CodexCallObservation[];
  requestsSaw?: string[][];
  exits?: number[];
  /** Engine side only: from this request on, texts of calls that ran side by side compare in any order. */
  racyFrom?: number;
}

/** Messages codex itself puts in every request: not hook texts. */
const BASE_TEXT = [/^You are a coding agent/, /^<skills_instructions>/, /^<environment_context>/, /^<permissions instructions>/, /^<user_instructions>/, /^# AGENTS\.md/, /^<collaboration_mode>/, /^<apps_instructions>/];
/** Items of `codex exec --json` that are codex's own noise in every run, not about hooks. */
const NOISE = [/^`--dangerously-bypass-hook-trust` is enabled/, /^Model metadata for `gpt-5` not found/];

/** Replaces a run's own directories (longest first), so observations compare across runs and machines. */
export function normalizer(pairs: [string, string][]): <T>(value: T) => T {
  const list = pairs.filter(([p]) => p).sort((a, b) => b[0].length - a[0].length);
  const norm = (value: unknown): unknown => {
    if (typeof value === 'string') {
      let s = value;
      for (const [p, r] of list) s = s.split(p).join(r);
      return s;
    }
    if (Array.isArray(value)) return value.map(norm);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, norm(v)]));
    return value;
  };
  return norm as <T>(value: T) => T;
}

const textOf = (content: unknown): string =>
  Array.isArray(content) ? content.map((c) => (c as { text?: string })?.text ?? '').join('') : typeof content === 'string' ? content : '';

/** The exec_command tool's output as the model reads it: codex's header (chunk id, wall time) dropped. */
export function toolOutput(output: unknown): { exitCode: number | null; text: string } {
  const text = typeof output === 'string' ? output : textOf(output);
  const m = /^Chunk ID: [^\n]*\nWall time: [^\n]*\n(?:Process exited with code (-?\d+)\n)?(?:Original token count: [^\n]*\n)?Output:\n([\s\S]*)$/.exec(text);
  if (!m) return { exitCode: null, text };
  return { exitCode: m[1] === undefined ? null : Number(m[1]), text: m[2]! };
}

type Item = { type?: string; role?: string; content?: unknown; call_id?: string; output?: unknown };
const inputOf = (r: RecordedRequest): Item[] => ((r.body as { input?: Item[] })?.input ?? []) as Item[];

/** Hook texts in one request, in the order the model reads them: every message that is neither codex's own nor a prompt. */
export function hookTexts(body: unknown, prompts: string[]): string[] {
  const out: string[] = [];
  for (const item of ((body as { input?: Item[] })?.input ?? []) as Item[]) {
    if (item.type !== 'message' || (item.role !== 'developer' && item.role !== 'user')) continue;
    const text = textOf(item.content);
    if (BASE_TEXT.some((re) => re.test(text))) continue;
    if (item.role === 'user' && prompts.includes(text)) continue;
    out.push(`${item.role}: ${text}`);
  }
  return out;
}

/** `/bin/bash -lc '<cmd>'` as codex reports a command: the command itself. */
export function unwrapCommand(shown: string): string {
  const m = /^\/bin\/bash -lc ([\s\S]*)$/.exec(shown);
  if (!m) return shown;
  const quoted = m[1]!;
  let out = '';
  let i = 0;
  while (i < quoted.length) {
    if (quoted[i] === "'") {
      const end = quoted.indexOf("'", i + 1);
      if (end < 0) return shown;
      out += quoted.slice(i + 1, end);
      i = end + 1;
    } else if (quoted[i] === '\\' && i + 1 < quoted.length) {
      out += quoted[i + 1];
      i += 2;
    } else if (quoted[i] === '"') {
      const end = quoted.indexOf('"', i + 1);
      if (end < 0) return shown;
      out += quoted.slice(i + 1, end).replace(/\\(["\\$`])/g, '$1');
      i = end + 1;
    } else {
      out += quoted[i++];
    }
  }
  return out;
}

/** One hook process the probe saw: its event and payload, in the order they started. */
export interface ProbedRun {
  event: string;
  payload: Record<string, unknown>;
  command: string;
  at: number;
  endsWithNewline: boolean;
}

/** Every hook process the probe (PROBE_SCRIPT, sourced through BASH_ENV) saw. */
export function readProbe(dir: string): ProbedRun[] {
  if (!existsSync(dir)) return [];
  const runs: ProbedRun[] = [];
  for (const name of readdirSync(dir)) {
    if (!name.startsWith('hook.') || !name.endsWith('.in')) continue;
    const raw = readFileSync(join(dir, name), 'utf8');
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (!payload || typeof payload.hook_event_name !== 'string') continue;
    const base = join(dir, name.slice(0, -3));
    const command = existsSync(`${base}.cmd`) ? readFileSync(`${base}.cmd`, 'utf8') : '';
    const at = existsSync(`${base}.at`) ? Number(readFileSync(`${base}.at`, 'utf8')) : 0;
    runs.push({ event: payload.hook_event_name, payload, command, at, endsWithNewline: raw.endsWith('\n') });
  }
  return runs.sort((a, b) => a.at - b.at);
}

/**
 * The probe: sourced through BASH_ENV by every non-interactive bash codex starts (hooks run as `/bin/bash -c` and
 * inherit codex's environment). It keeps a copy of each hook's stdin payload and hands it the same bytes, so the
 * scenario's files stay as written and no probe hook shifts Codex's handler numbering (`hook_run_id`). Login shells
 * (codex's tool runs) and nested shells are left alone; readProbe keeps only the copies that hold a hook payload.
 */
export const PROBE_SCRIPT = `if [ -z "\${HOOKPLAY_PROBE_DONE:-}" ] && [ -n "\${HOOKPLAY_PROBE_DIR:-}" ] && ! shopt -q login_shell; then
  export HOOKPLAY_PROBE_DONE=1
  __hp_f=$(mktemp "$HOOKPLAY_PROBE_DIR/hook.XXXXXXXX")
  date +%s%N > "$__hp_f.at"
  cat > "$__hp_f.in"
  printf '%s' "\${BASH_EXECUTION_STRING:-}" > "$__hp_f.cmd"
  exec 0<"$__hp_f.in"
  unset __hp_f
fi
`;

/** What the rollout (`$CODEX_HOME/sessions/…/rollout-*.jsonl`) says of each shell call Codex started, by call id. */
export function readExecutions(codexHome: string): Map<string, { status: string; command: string | null; exitCode: number | null }> {
  const out = new Map<string, { status: string; command: string | null; exitCode: number | null }>();
  for (const file of rollouts(join(codexHome, 'sessions'))) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.includes('"CommandExecution"')) continue;
      let entry: { payload?: { type?: string; item?: { type?: string; id?: string; command?: unknown; status?: string; exit_code?: number | null } } };
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      const item = entry.payload?.item;
      if (entry.payload?.type !== 'item_completed' || item?.type !== 'CommandExecution' || !item.id) continue;
      const argv = Array.isArray(item.command) ? (item.command as string[]) : null;
      const command = argv ? (argv.length === 3 && argv[1] === '-lc' ? argv[2]! : argv.join(' ')) : typeof item.command === 'string' ? unwrapCommand(item.command) : null;
      out.set(item.id, { status: item.status ?? 'completed', command, exitCode: item.exit_code ?? null });
    }
  }
  return out;
}

function rollouts(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...rollouts(path));
    else if (name.startsWith('rollout-') && name.endsWith('.jsonl')) out.push(path);
  }
  return out.sort();
}

/** The JSON events of one `codex exec --json` run. */
export function jsonEvents(stdout: string): Record<string, any>[] {
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
  /** Each process's stdout and exit code, in order. */
  processes: { stdout: string; exitCode: number | null }[];
  /** The session's own model requests (the reviewer's apart). */
  requests: RecordedRequest[];
  /** The session's scripted calls, in order. */
  calls: CodexCall[];
  /** The ids of the calls the mock handed the CLI (the model made them). */
  sent: Set<string>;
  prompts: string[];
  probeDir: string;
  codexHome: string;
  norm: <T>(value: T) => T;
}

/** A whole run read as an observation (and the probe's payloads, for the old oracle's fixtures). */
export function observe(input: ObserveInput): { observation: CodexObservation; runs: ProbedRun[]; gapsMs: number[] } {
  const { requests, norm } = input;
  const runs = readProbe(input.probeDir);
  const hookRuns: Record<string, number> = {};
  for (const r of runs) hookRuns[r.event] = (hookRuns[r.event] ?? 0) + 1;
  const executions = readExecutions(input.codexHome);
  const outputs = new Map<string, unknown>();
  for (const r of requests) for (const item of inputOf(r)) if (item.type === 'function_call_output' && item.call_id && !outputs.has(item.call_id)) outputs.set(item.call_id, item.output);
  const made = input.calls.filter((c) => input.sent.has(c.id));
  const tools: CodexCallObservation[] = made.map((c) => {
    const ran = executions.get(c.id);
    const executed = ran !== undefined && ran.status !== 'declined';
    const out = outputs.has(c.id) ? toolOutput(outputs.get(c.id)) : null;
    return { executed, command: executed ? ran!.command : null, exitCode: executed ? ran!.exitCode : null, result: out ? norm(out.text) : null };
  });
  const requestsSaw = requests.map((r) => hookTexts(r.body, input.prompts).map(norm));
  const userSaw = input.processes.flatMap((p) =>
    jsonEvents(p.stdout)
      .filter((e) => e.type === 'item.completed' && e.item?.type === 'error' && !NOISE.some((re) => re.test(e.item.message)))
      .map((e) => norm(e.item.message as string)),
  );
  const exits = input.processes.map((p) => p.exitCode ?? -1);
  return {
    observation: {
      requests: requests.length,
      tool: tools[0] ?? null,
      modelSaw: requestsSaw[requestsSaw.length - 1] ?? [],
      userSaw,
      stopRuns: runs.filter((r) => r.event === 'Stop').map((r) => r.payload.stop_hook_active === true),
      hookRuns,
      exitCode: exits[exits.length - 1] ?? 0,
      tools,
      requestsSaw,
      exits,
    },
    runs,
    gapsMs: requests.slice(1).map((r, i) => r.at - requests[i]!.at),
  };
}
