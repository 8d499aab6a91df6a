import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordedRequest } from '../../mock/server.js';

/** One message of a model request, reduced to what hooks can change (the engine's copilot-cli `Message`). */
export type Message =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string }
  | { role: 'assistant'; tool: string; args: unknown }
  | { role: 'assistant'; calls: { tool: string; args: unknown }[] }
  | { role: 'tool'; content: string };

/**
 * What a Copilot CLI session showed, in the shape the engine's copilot-cli lifecycle reports
 * (packages/engine/src/dialects/copilot-cli/lifecycle.ts, `Observation`), so the two compare field by field.
 */
export interface CopilotObservation {
  /** Chat completion requests, over every run of the session. */
  requests: number;
  /** The last request's messages after the system prompt (dates as <dt>, paths as $PROJECT / $HOME). */
  conversation: Message[];
  /** Every request's messages, in order. */
  conversations?: Message[][];
  /** Warnings the CLI showed the user, in order. */
  userSaw: string[];
  /** Hook processes per event. */
  hookRuns: Record<string, number>;
  /** The exit code of the last run. */
  exitCode: number;
  /** Every run's exit code, when the session has several (resume). */
  exitCodes?: number[];
  /** What the harness could not see on this run. */
  unobserved?: string[];
}

const DATE = /<current_datetime>[^<]*<\/current_datetime>/g;

export function normalizer(dirs: { project: string; home: string }): (s: string) => string {
  return (s) => s.split(dirs.project).join('$PROJECT').split(dirs.home).join('$HOME');
}

const parseArgs = (raw: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
};

/** A chat message as the observation keeps it: text with dates and paths replaced, tool calls as name and arguments. */
export function simplify(message: { role: string; content?: unknown; tool_calls?: { function: { name: string; arguments: string } }[] }, norm: (s: string) => string): Message {
  const text = (c: unknown) => norm((typeof c === 'string' ? c : Array.isArray(c) ? c.map((p: { text?: string }) => p.text ?? '').join('') : '').replace(DATE, '<dt>'));
  if (message.role === 'assistant' && Array.isArray(message.tool_calls) && message.tool_calls.length) {
    const calls = message.tool_calls.map((c) => ({ tool: c.function.name, args: parseArgs(c.function.arguments) }));
    return calls.length === 1 ? { role: 'assistant', tool: calls[0]!.tool, args: calls[0]!.args } : { role: 'assistant', calls };
  }
  return { role: message.role, content: text(message.content) } as Message;
}

/** A request's conversation: every message after the system prompt. */
export function conversationOf(request: RecordedRequest | undefined, norm: (s: string) => string): Message[] {
  const messages = ((request?.body as { messages?: unknown[] } | undefined)?.messages ?? []) as Parameters<typeof simplify>[0][];
  return messages.filter((m, i) => !(i === 0 && m.role === 'system')).map((m) => simplify(m, norm));
}

/** The JSON lines of a `--output-format json` stream. */
export function jsonLines(stdout: string): { type?: string; data?: Record<string, unknown>; sessionId?: string }[] {
  return stdout
    .split('\n')
    .filter((l) => l.trim().startsWith('{'))
    .flatMap((l) => {
      try {
        return [JSON.parse(l)];
      } catch {
        return [];
      }
    });
}

/** Warnings shown to the user (a hook's exit-2 stderr, a blocked prompt's reason). */
export const warningsOf = (stdout: string, norm: (s: string) => string) =>
  jsonLines(stdout)
    .filter((e) => e.type === 'session.warning')
    .map((e) => norm(String(e.data?.message ?? '')));

/** Hook events Copilot CLI names in PascalCase (Claude Code / VS Code files), as the camelCase event it fires. */
const PASCAL: Record<string, string> = {
  SessionStart: 'sessionStart',
  SessionEnd: 'sessionEnd',
  UserPromptSubmit: 'userPromptSubmitted',
  PreToolUse: 'preToolUse',
  PostToolUse: 'postToolUse',
  PostToolUseFailure: 'postToolUseFailure',
  PermissionRequest: 'permissionRequest',
  Stop: 'agentStop',
  SubagentStart: 'subagentStart',
  SubagentStop: 'subagentStop',
  PreCompact: 'preCompact',
  Notification: 'notification',
};

/** Every hook command the scenario's files declare, with the events it is declared on. */
export function hookCommands(files: Record<string, string>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const add = (command: unknown, event: string) => {
    if (typeof command !== 'string') return;
    if (!out.has(command)) out.set(command, new Set());
    out.get(command)!.add(PASCAL[event] ?? event);
  };
  for (const [path, text] of Object.entries(files)) {
    if (!path.endsWith('.json')) continue;
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch {
      continue;
    }
    const hooks = (doc as { hooks?: unknown })?.hooks;
    if (!hooks || typeof hooks !== 'object') continue;
    for (const [event, list] of Object.entries(hooks as Record<string, unknown>)) {
      if (!Array.isArray(list)) continue;
      for (const entry of list as Record<string, unknown>[]) {
        if (!entry || typeof entry !== 'object') continue;
        const inner = Array.isArray(entry.hooks) ? (entry.hooks as Record<string, unknown>[]) : [entry];
        for (const h of inner) if (h && typeof h === 'object') add(h.bash ?? h.command, event);
      }
    }
  }
  return out;
}

/** When each event's hooks ran, from the session's own event log (hook.start … hook.end per event invocation). */
export function hookWindows(copilotHome: string): { event: string; from: number; to: number }[] {
  const dir = join(copilotHome, 'session-state');
  if (!existsSync(dir)) return [];
  const windows: { event: string; from: number; to: number }[] = [];
  for (const id of readdirSync(dir)) {
    const file = join(dir, id, 'events.jsonl');
    if (!existsSync(file)) continue;
    const open = new Map<string, { event: string; from: number }>();
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.startsWith('{')) continue;
      let e: { type?: string; timestamp?: string; data?: { hookInvocationId?: string; hookType?: string } };
      try {
        e = JSON.parse(line);
      } catch {
        continue;
      }
      const at = Date.parse(e.timestamp ?? '');
      if (e.type === 'hook.start' && e.data?.hookInvocationId) open.set(e.data.hookInvocationId, { event: e.data.hookType ?? '', from: at });
      if (e.type === 'hook.end' && e.data?.hookInvocationId) {
        const o = open.get(e.data.hookInvocationId);
        if (o) windows.push({ ...o, to: at });
      }
    }
  }
  return windows;
}

/**
 * Hook processes per event, from the harness's bash log (every `bash -c` the CLI started, with when): a command
 * the scenario declares on one event counts for it; one declared on several counts for the event whose hooks were
 * running then (the session's event log says when).
 */
export function countHookRuns(bashLog: string, commands: Map<string, Set<string>>, windows: { event: string; from: number; to: number }[]): Record<string, number> {
  const runs: Record<string, number> = {};
  for (const record of bashLog.split('\x1e')) {
    const cut = record.indexOf('\x1f');
    if (cut < 0) continue;
    const at = Number(record.slice(0, cut)) * 1000;
    const events = commands.get(record.slice(cut + 1));
    if (!events) continue;
    let event = [...events][0]!;
    if (events.size > 1) {
      const inWindow = windows.find((w) => events.has(w.event) && at >= w.from - 50 && at <= w.to + 50);
      if (inWindow) event = inWindow.event;
    }
    runs[event] = (runs[event] ?? 0) + 1;
  }
  return runs;
}
