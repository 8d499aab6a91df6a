import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonObject } from '@hookplay/engine';
import type { RecordedRequest } from '../../mock/server.js';

/** One tool call the model made: whether the CLI ran it (its shell started, or its result reached the model). */
export interface GeminiToolObservation {
  tool: string;
  ran: boolean;
}

/**
 * What a `gemini -p` session showed, in the shape the engine's gemini-cli lifecycle reports
 * (packages/engine/src/dialects/gemini-cli/lifecycle.ts, `GeminiObservation`) plus what each hook received and each
 * request carried, so the two compare field by field.
 */
export interface GeminiObservation {
  exitCode: number;
  /** streamGenerateContent requests (the CLI's side calls apart). */
  requests: number;
  /** The first call, as the old oracle saw it: whether it ran and, from its proof file, what ran. */
  tool: { executed: boolean; ran: string | null } | null;
  /** The user-side parts of the last request (prompt, hook context, tool results), in order. */
  modelSaw: string[];
  /** The user-side parts of every request, in order. */
  requestsSaw?: string[][];
  /** Requests per `gemini -p` process, when the session has several (a resume). */
  runs?: number[];
  /** Every process's exit code, when the session has several. */
  exits?: number[];
  /** Every call the model made, in order. */
  tools?: GeminiToolObservation[];
  /** Hook-related lines Gemini CLI printed on stderr. */
  userSaw: string[];
  /** What `gemini -p` printed on stdout: the model's answers. */
  answer: string;
  /** Hook processes started, per event. */
  hookRuns: Record<string, number>;
  /** What each hook received (the fields that show the host's state), sorted. */
  hookInputs: { event: string; command: string; input: JsonObject }[];
}

/** stderr lines that are the CLI's own chatter, not about hooks. */
// `[STARTUP]` lines are the CLI's startup profiler complaining about its own phases; they come and go with timing
// (seen on a loaded machine: "Phase 'cleanup_ops' was started but never ended. Skipping metrics.").
const BOILERPLATE = [/^Warning: 256-color support not detected/, /^YOLO mode is enabled/, /^Ripgrep is not available/, /^Loaded cached credentials/, /^\[STARTUP\] /, /^\s*$/];

/** Run paths as $PROJECT / $HOME / $ROOT, colours and process ids and durations out: what differs run to run. */
export function normalizer(dirs: { project: string; home: string; root: string }): <T>(v: T) => T {
  const pairs: [string, string][] = [
    [dirs.project, '$PROJECT'],
    [dirs.home, '$HOME'],
    [dirs.root, '$ROOT'],
  ];
  const one = (s: string) => {
    let out = s;
    for (const [p, r] of pairs) out = out.split(p).join(r);
    // eslint-disable-next-line no-control-regex
    return out.replace(/\u001b\[[0-9;]*m/g, '').replace(/Process Group PGID: \d+/g, 'Process Group PGID: N').replace(/total duration: \d+ms/g, 'total duration: Nms');
  };
  const walk = (v: unknown): unknown =>
    typeof v === 'string' ? one(v) : Array.isArray(v) ? v.map(walk) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)])) : v;
  return <T>(v: T) => walk(v) as T;
}

/** stderr without the CLI's chatter and without the one-time "project-level hooks detected" notice. */
export function hookLines(stderr: string): string[] {
  const lines = stderr.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('WARNING: The following project-level hooks have been detected')) {
      while (i < lines.length && !lines[i]!.startsWith('please review the project settings')) i++;
      continue;
    }
    if (BOILERPLATE.some((re) => re.test(line))) continue;
    out.push(line);
  }
  return out;
}

type Part = { text?: string; functionCall?: { name: string }; functionResponse?: { name?: string; response?: unknown; id?: string } };
const contentsOf = (request: RecordedRequest | undefined) => ((request?.body as { contents?: { role: string; parts?: Part[] }[] } | undefined)?.contents ?? []);

/** The user-side parts of a request, without the CLI's own <session_context> part. */
export function userParts(request: RecordedRequest | undefined): string[] {
  const out: string[] = [];
  for (const c of contentsOf(request)) {
    if (c.role !== 'user') continue;
    for (const p of c.parts ?? []) {
      if (typeof p.text === 'string') {
        if (p.text.startsWith('<session_context>')) continue;
        out.push(p.text);
      } else if (p.functionResponse) out.push(JSON.stringify(p.functionResponse.response));
    }
  }
  return out;
}

/** Every function response the last request carries, in order (the CLI keeps the whole conversation in each request). */
export function functionResponses(request: RecordedRequest | undefined): { name: string; response: unknown }[] {
  // A resumed history carries each earlier result twice under one call id: one response per call.
  const ids = new Set<string>();
  return contentsOf(request).flatMap((c) =>
    (c.parts ?? []).flatMap((p) => {
      if (!p.functionResponse) return [];
      const id = p.functionResponse.id;
      if (typeof id === 'string' && ids.has(id)) return [];
      if (typeof id === 'string') ids.add(id);
      return [{ name: p.functionResponse.name ?? '', response: p.functionResponse.response }];
    }),
  );
}

/** One process the bash probe saw: a hook (its stdin and command) or a tool's shell (its command). */
export interface ProbeEntry {
  at: number;
  kind: 'hook' | 'tool';
  command: string;
  input: JsonObject | null;
}

/** The probe's log: `<ns>-<pid>.{command,stdin}` for a hook, `<ns>-<pid>.tool` for a tool's shell. */
export function readProbe(dir: string): ProbeEntry[] {
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir);
  const stamps = [...new Set(names.filter((f) => /\.(command|tool)$/.test(f)).map((f) => f.replace(/\.(command|tool)$/, '')))].sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]));
  return stamps.map((s) => {
    const at = Number(s.split('-')[0]) / 1e6;
    if (existsSync(join(dir, `${s}.tool`))) return { at, kind: 'tool' as const, command: readFileSync(join(dir, `${s}.tool`), 'utf8'), input: null };
    let input: JsonObject | null = null;
    try {
      input = JSON.parse(readFileSync(join(dir, `${s}.stdin`), 'utf8')) as JsonObject;
    } catch {
      // a hook whose stdin was not JSON (never seen): counted, its input unknown
    }
    return { at, kind: 'hook' as const, command: readFileSync(join(dir, `${s}.command`), 'utf8'), input };
  });
}
