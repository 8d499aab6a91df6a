// Turns one real Qwen Code run (its stream-json, the requests the mock received, the probes' logs) into an
// Observation: what the host did, in the same shape hookplay's session simulation produces.
import { readProbes } from './probe.mjs';

/** Replaces the run's own directories so observations compare across runs and machines. */
export function normalizer({ project, home, root }) {
  const pairs = [
    [project, '$PROJECT'],
    [home, '$HOME'],
    [root, '$ROOT'],
  ].filter(([p]) => p);
  const norm = (value) => {
    if (typeof value === 'string') {
      let s = value;
      for (const [p, r] of pairs) s = s.split(p).join(r);
      return s;
    }
    if (Array.isArray(value)) return value.map(norm);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, norm(v)]));
    return value;
  };
  return norm;
}

/** The CLI's own context parts (skills, environment, deferred tools, date): not hook output. */
const HOST_REMINDER = /^<system-reminder>\n(The following skills are available|This is the Qwen Code|The following tools are reachable|The current date is)/;
const SESSION_START = /<qwen:session-start-context[^>]*>\n([\s\S]*?)\n<\/qwen:session-start-context>/g;

const partsOf = (content) =>
  typeof content === 'string' ? [content] : Array.isArray(content) ? content.filter((c) => c && c.type === 'text').map((c) => c.text) : [];

/**
 * The conversation the model read in one request, minus the CLI's own context: the SessionStart block of the
 * system prompt, then every user text, assistant turn and tool result, in order, as `role: text` lines.
 */
export function conversationOf(body) {
  const out = [];
  for (const message of body?.messages ?? []) {
    if (message.role === 'system') {
      for (const text of partsOf(message.content)) for (const m of text.matchAll(SESSION_START)) out.push(`system: ${m[1]}`);
      continue;
    }
    if (message.role === 'assistant') {
      for (const call of message.tool_calls ?? []) out.push(`assistant: call ${call.function?.name} ${call.function?.arguments}`);
      for (const text of partsOf(message.content)) if (text) out.push(`assistant: ${text}`);
      continue;
    }
    for (const text of partsOf(message.content)) if (!HOST_REMINDER.test(text)) out.push(`${message.role}: ${text}`);
  }
  return out;
}

function parseLines(stdout) {
  return stdout
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
}

export function observe({ stdout, requests, project, home, root }) {
  const norm = normalizer({ project, home, root });
  const events = parseLines(stdout);
  const probes = readProbes(root);

  const hookRuns = {};
  for (const command of probes.hookCommands) hookRuns[command] = (hookRuns[command] ?? 0) + 1;

  let tool = null;
  const call = events.find((e) => e.type === 'assistant' && e.message?.content?.some((c) => c.type === 'tool_use'));
  if (call) {
    const asked = call.message.content.find((c) => c.type === 'tool_use').input;
    const resultEvent = events.find((e) => e.type === 'user' && Array.isArray(e.message?.content) && e.message.content.some((c) => c.type === 'tool_result'));
    const block = resultEvent?.message.content.find((c) => c.type === 'tool_result');
    const ran = [...probes.payloads.PostToolUse, ...probes.payloads.PostToolUseFailure][0];
    const content = block ? (typeof block.content === 'string' ? block.content : partsOf(block.content).join('\n')) : null;
    tool = {
      executed: ran !== undefined || probes.otherBash.some((c) => c.includes(asked.command)),
      input: ran ? ran.tool_input : null,
      result: content === null ? null : norm(content),
      isError: block ? block.is_error === true : null,
    };
    if (tool.executed && !tool.input) tool.input = asked;
  }

  const last = requests[requests.length - 1];
  const result = events.filter((e) => e.type === 'result').pop() ?? null;
  const observation = {
    requests: requests.length,
    tool,
    conversation: last ? norm(conversationOf(last.body)) : [],
    stopRuns: probes.payloads.Stop.map((p) => p.stop_hook_active === true),
    hookRuns,
    ended: result ? { subtype: result.subtype, isError: result.is_error === true, result: norm(result.result ?? result.error?.message ?? '') } : null,
  };
  const gapsMs = requests.slice(1).map((r, i) => r.at - requests[i].at);
  return { observation, gapsMs, payloads: norm(probes.payloads), otherBash: probes.otherBash.map(norm) };
}
