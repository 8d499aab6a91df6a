// The raw material of an older build's run, kept in its fixture: the hook-related texts of the last model request
// and the stream's system events. Builds word and place hook texts differently from the newest one, so keeping them
// lets an observation be re-derived (and a wrong reading be noticed) without recording again.
import { normalizer } from './observe.mjs';

const partsOf = (content) => (typeof content === 'string' ? [content] : Array.isArray(content) ? content.flatMap((c) => (c?.type === 'text' ? [c.text] : c?.type === 'tool_result' ? partsOf(c.content).map((t) => `[tool_result${c.is_error ? ' error' : ''}] ${t}`) : [])) : []);

export function rawOf(stdout, requests, dirs) {
  const norm = normalizer(dirs);
  const last = requests[requests.length - 1]?.body;
  // The first user message carries the build's own reminders (skills, CLAUDE.md): only hook texts from it.
  const messages = (last?.messages ?? []).map((m, i) => ({ role: m.role, parts: partsOf(m.content).filter((t) => i > 0 || /hook/i.test(t)).map((t) => norm(t)) })).filter((m) => m.parts.length);
  const system = stdout
    .split('\n')
    .flatMap((l) => {
      try {
        const e = JSON.parse(l);
        return e.type === 'system' && e.subtype !== 'init' ? [norm(e)] : e.type === 'result' ? [{ type: 'result', subtype: e.subtype, is_error: e.is_error, result: norm(e.result ?? ''), terminal_reason: e.terminal_reason ?? null }] : [];
      } catch {
        return [];
      }
    });
  const nonJson = stdout.split('\n').filter((l) => l.trim() && !l.trim().startsWith('{')).slice(0, 40).map((l) => norm(l).slice(0, 400));
  return { messages, stream: system, ...(nonJson.length ? { stdoutLines: nonJson } : {}) };
}
