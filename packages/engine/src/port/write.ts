import { stringify as toToml } from 'smol-toml';
import type { ConfigShape } from './types.js';

/** One hook as the target writes it: names already the target's, values as the port decided. */
export interface TargetHook {
  event: string;
  matcher: string | null;
  command: string;
  timeout: { key: string; value: number } | null;
  name?: string;
  extra: Record<string, unknown>;
}

/**
 * The text of one config file of the target's shape. Hooks keep their order; neighbours with the same event and
 * matcher share a group, as a user writing the file by hand would.
 */
export function writeConfig(shape: ConfigShape, hooks: TargetHook[], options: { version?: number } = {}): string {
  if (shape === 'mirri-toml') {
    const entries = hooks.map((h) => ({
      event: h.event,
      ...(h.matcher !== null ? { matcher: h.matcher } : {}),
      command: h.command,
      ...(h.timeout ? { [h.timeout.key]: h.timeout.value } : {}),
      ...h.extra,
    }));
    return toToml({ hooks: entries }) + '\n';
  }
  if (shape === 'opencode-plugin') return pluginModule(hooks);
  if (shape === 'hook-files') {
    // One hook per file: the script runs the command, stdin and all.
    return `#!/bin/sh\n${hooks.map((h) => h.command).join('\n')}\n`;
  }
  if (shape === 'strix') {
    const entries = hooks.map((h, i) => ({
      name: h.name ?? `ported-${i + 1}`,
      command: h.command,
      events: [h.event],
      ...(h.timeout ? { [h.timeout.key]: h.timeout.value } : {}),
      ...h.extra,
    }));
    return JSON.stringify({ hooks: entries }, null, 2) + '\n';
  }
  const byEvent: Record<string, { matcher?: string; hooks: Record<string, unknown>[] }[]> = {};
  let last: { event: string; matcher: string | null } | null = null;
  for (const h of hooks) {
    const groups = (byEvent[h.event] ??= []);
    const handler = { type: 'command', ...(h.name !== undefined ? { name: h.name } : {}), command: h.command, ...(h.timeout ? { [h.timeout.key]: h.timeout.value } : {}), ...h.extra };
    if (last && last.event === h.event && last.matcher === h.matcher && groups.length > 0) groups[groups.length - 1]!.hooks.push(handler);
    else groups.push({ ...(h.matcher !== null ? { matcher: h.matcher } : {}), hooks: [handler] });
    last = { event: h.event, matcher: h.matcher };
  }
  const doc = shape === 'copilot' ? { version: options.version ?? 1, hooks: byEvent } : { hooks: byEvent };
  return JSON.stringify(doc, null, 2) + '\n';
}

/**
 * OpenCode runs no shell hooks: the ported ones become one plugin whose handlers run each command as Claude Code
 * would (sh -c, the Claude-shaped JSON on stdin, in the project) and map its answer onto OpenCode's: exit 2 or a
 * deny/block throws the reason (blocking the call), updatedInput is written into output.args in place, a prompt
 * hook's additionalContext becomes one more text part.
 */
function pluginModule(hooks: TargetHook[]): string {
  const list = hooks.map((h) => ({ event: h.event, matcher: h.matcher, command: h.command }));
  return `// Ported by hookplay: each hook command runs from an OpenCode plugin handler.
import { spawnSync } from "node:child_process"

const HOOKS = ${JSON.stringify(list, null, 2)}
const CLAUDE = { bash: "Bash", read: "Read", write: "Write", edit: "Edit", grep: "Grep", glob: "Glob" }

function run(hook, event, payload, directory) {
  const r = spawnSync("/bin/sh", ["-c", hook.command], { cwd: directory, input: JSON.stringify({ hook_event_name: event, cwd: directory, ...payload }), encoding: "utf8", timeout: 60000 })
  let answer = {}
  try { answer = JSON.parse(r.stdout || "{}") } catch {}
  const hso = answer.hookSpecificOutput ?? {}
  if (r.status === 2) throw new Error((r.stderr || "").trim() || "blocked by hook")
  if (hso.permissionDecision === "deny" || answer.decision === "block") throw new Error(hso.permissionDecisionReason ?? answer.reason ?? "blocked by hook")
  return { answer, hso }
}
const matches = (hook, tool) => hook.matcher === null || hook.matcher === "" || hook.matcher === "*" || new RegExp(\`^(?:\${hook.matcher})$\`).test(CLAUDE[tool] ?? tool)

export const PortedHooks = async ({ directory }) => ({
  "tool.execute.before": async (input, output) => {
    for (const hook of HOOKS.filter((h) => h.event === "tool.execute.before" && matches(h, input.tool))) {
      const { hso } = run(hook, "PreToolUse", { tool_name: CLAUDE[input.tool] ?? input.tool, tool_input: output.args }, directory)
      if (hso.updatedInput && typeof hso.updatedInput === "object") Object.assign(output.args, hso.updatedInput)
    }
  },
  "tool.execute.after": async (input, output) => {
    for (const hook of HOOKS.filter((h) => h.event === "tool.execute.after" && matches(h, input.tool))) {
      run(hook, "PostToolUse", { tool_name: CLAUDE[input.tool] ?? input.tool, tool_input: input.args, tool_response: { output: output.output } }, directory)
    }
  },
  "chat.message": async (input, output) => {
    const prompt = output.parts.filter((p) => p.type === "text").map((p) => p.text).join("\\n")
    for (const hook of HOOKS.filter((h) => h.event === "chat.message")) {
      const { hso } = run(hook, "UserPromptSubmit", { prompt }, directory)
      if (typeof hso.additionalContext === "string") output.parts.push({ type: "text", text: hso.additionalContext })
    }
  },
})
`;
}
