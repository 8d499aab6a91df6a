// Turns one real `codex exec --json` run (its JSON events, the requests the mock received, the probe's copies of
// every hook's stdin) into an Observation: what the host did, in the shape hookplay's codex session produces.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Messages codex itself puts in every request: not hook texts. */
const BASE_TEXT = [/^You are a coding agent/, /^<skills_instructions>/, /^<environment_context>/, /^<permissions instructions>/, /^<user_instructions>/, /^# AGENTS\.md/];
/** Items of `codex exec --json` that are codex's own noise in every run, not about hooks. */
const NOISE = [/^`--dangerously-bypass-hook-trust` is enabled/, /^Model metadata for `gpt-5` not found/];

/** Replaces the run's own directories so observations compare across runs and machines. */
export function normalizer(pairs) {
  const list = pairs.filter(([p]) => p).sort((a, b) => b[0].length - a[0].length);
  const norm = (value) => {
    if (typeof value === 'string') {
      let s = value;
      for (const [p, r] of list) s = s.split(p).join(r);
      return s;
    }
    if (Array.isArray(value)) return value.map(norm);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, norm(v)]));
    return value;
  };
  return norm;
}

const textOf = (content) => (Array.isArray(content) ? content.map((c) => c?.text ?? '').join('') : typeof content === 'string' ? content : '');

/** The exec_command tool's output as the model reads it: codex's header (chunk id, wall time) dropped. */
export function toolOutput(output) {
  const text = typeof output === 'string' ? output : textOf(output);
  const m = /^Chunk ID: [^\n]*\nWall time: [^\n]*\n(?:Process exited with code (-?\d+)\n)?(?:Original token count: [^\n]*\n)?Output:\n([\s\S]*)$/.exec(text);
  if (!m) return { exitCode: null, text };
  return { exitCode: m[1] === undefined ? null : Number(m[1]), text: m[2] };
}

/** Hook texts in one request, in the order the model reads them: every message that is not codex's own. */
export function hookTexts(body, prompt) {
  const out = [];
  for (const item of body?.input ?? []) {
    if (item.type !== 'message' || (item.role !== 'developer' && item.role !== 'user')) continue;
    const text = textOf(item.content);
    if (BASE_TEXT.some((re) => re.test(text))) continue;
    if (item.role === 'user' && text === prompt) continue;
    out.push(`${item.role}: ${text}`);
  }
  return out;
}

/** `/bin/bash -lc '<cmd>'` as codex reports a command: the command itself. */
export function unwrapCommand(shown) {
  const m = /^\/bin\/bash -lc ([\s\S]*)$/.exec(shown);
  if (!m) return shown;
  const quoted = m[1];
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

/** Every hook process the probe saw: its event and payload, in the order they started. */
export function readProbe(dir) {
  if (!existsSync(dir)) return [];
  const runs = [];
  for (const name of readdirSync(dir)) {
    if (!name.startsWith('hook.') || !name.endsWith('.in')) continue;
    const raw = readFileSync(join(dir, name), 'utf8');
    let payload;
    try {
      payload = JSON.parse(raw);
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

export function observe({ stdout, stderr, exitCode, requests, probeDir, prompt, norm, asked }) {
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
  const runs = readProbe(probeDir);
  const hookRuns = {};
  for (const r of runs) hookRuns[r.event] = (hookRuns[r.event] ?? 0) + 1;

  const call = requests.flatMap((r) => r.body?.input ?? []).find((i) => i.type === 'function_call');
  let tool = null;
  if ((call || asked) && requests.length > 0) {
    const done = events.find((e) => e.type === 'item.completed' && e.item?.type === 'command_execution');
    const output = requests.flatMap((r) => r.body?.input ?? []).find((i) => i.type === 'function_call_output');
    const seen = output ? toolOutput(output.output) : null;
    tool = {
      executed: done !== undefined,
      command: done ? unwrapCommand(done.item.command) : null,
      exitCode: done ? done.item.exit_code : null,
      result: seen ? norm(seen.text) : null,
    };
  }
  const last = requests[requests.length - 1];
  const modelSaw = last ? hookTexts(last.body, prompt).map(norm) : [];
  const userSaw = events
    .filter((e) => e.type === 'item.completed' && e.item?.type === 'error' && !NOISE.some((re) => re.test(e.item.message)))
    .map((e) => norm(e.item.message));
  const warnings = stderr
    .split('\n')
    .filter((l) => /\b(WARN|ERROR)\b/.test(l) && /hook/i.test(l))
    .map((l) => norm(l.replace(/^\S+\s+/, '')));
  return {
    observation: {
      requests: requests.length,
      tool,
      modelSaw,
      userSaw,
      stopRuns: runs.filter((r) => r.event === 'Stop').map((r) => r.payload.stop_hook_active === true),
      hookRuns,
      exitCode,
    },
    payloads: runs.map((r) => ({ event: r.event, payload: norm(r.payload), endsWithNewline: r.endsWithNewline })),
    warnings,
    gapsMs: requests.slice(1).map((r, i) => r.at - requests[i].at),
  };
}
