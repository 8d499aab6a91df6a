// The raw material of an older build's run, kept in its fixture: the hook-related texts of the last model request
// and the stream's system events. Builds word and place hook texts differently from the newest one, so keeping them
// lets an observation be re-derived (and a wrong reading be noticed) without recording again.
import { normalizer } from './observe.mjs';

const partsOf = (content) => (typeof content === 'string' ? [content] : Array.isArray(content) ? content.flatMap((c) => (c?.type === 'text' ? [c.text] : c?.type === 'tool_result' ? partsOf(c.content).map((t) => `[tool_result${c.is_error ? ' error' : ''}] ${t}`) : [])) : []);

/**
 * `everyRequest`: also keep every request's messages (several-turn cases), so the hook texts of each request are read
 * with the same rules as the last one's (an older build's plain feedback messages and reminder layout included).
 */
export function rawOf(stdout, requests, dirs, { everyRequest = false } = {}) {
  const norm = normalizer(dirs);
  // The first user message carries the build's own reminders (skills, CLAUDE.md): only hook texts from it.
  const messagesOf = (body) => (body?.messages ?? []).map((m, i) => ({ role: m.role, parts: partsOf(m.content).filter((t) => i > 0 || /hook/i.test(t)).map((t) => norm(t)) })).filter((m) => m.parts.length);
  const messages = messagesOf(requests[requests.length - 1]?.body);
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
  return { messages, stream: system, ...(nonJson.length ? { stdoutLines: nonJson } : {}), ...(everyRequest ? { requests: requests.map((r) => messagesOf(r.body)) } : {}) };
}

const EVENTS = 'SessionStart|UserPromptSubmit|PreToolUse|PostToolUse|PostToolUseFailure|PostToolBatch|PermissionRequest|Stop|SubagentStop|Notification|PreCompact|SessionEnd';
// A request's reminders are separate parts; all but the last end with a newline after the closing tag.
const REMINDER = /^<system-reminder>\n(?:The text below is the output of a hook[^\n]*\n)?([\s\S]*?)\n<\/system-reminder>\n?$/;
/** A hook's own text given to the model as a plain user message (older builds: "Stop hook feedback:", "... operation feedback:"). */
const PLAIN = new RegExp(`^(Stop hook feedback:|\\S+ operation feedback:|(${EVENTS})(:\\S+)? (hook|operation) )`);

/**
 * Every hook-made text the model read, from an older build's kept request: inside a system reminder (as the newest
 * build does) or as a plain user message, which older builds use for Stop feedback and PostToolUse blocks.
 */
export function modelSawFromRaw(raw) {
  const out = [];
  // 1.0.41 sends its last exchange twice in a row (the same user message, or the same reply and user message): read
  // once. The same text after another reply (a Stop hook that blocks again) is a new message.
  let previous = null;
  let replyBefore = null;
  let reply = null;
  for (const m of raw.messages ?? []) {
    if (m.role !== 'user') {
      reply = JSON.stringify(m.parts);
      continue;
    }
    const key = JSON.stringify(m.parts);
    const repeated = key === previous && (reply === null || reply === replyBefore);
    replyBefore = reply;
    reply = null;
    previous = key;
    if (repeated) continue;
    for (const [i, whole] of m.parts.entries()) {
      // 2.1.143 appends some hook texts (PostToolBatch's context) to the tool result itself, as a reminder after it.
      const at = whole.startsWith('[tool_result') ? whole.indexOf('\n\n<system-reminder>\n') : 0;
      if (at < 0) continue;
      const part = at > 0 ? whole.slice(at + 2) : whole;
      if (part.startsWith('[tool_result')) continue;
      const r = REMINDER.exec(part);
      if (r) {
        if (new RegExp(`^(${EVENTS})(:\\S+)? hook `).test(r[1]) || PLAIN.test(r[1])) out.push(r[1]);
        // 2.1.143 ends every part but the last with the newline that separates it from the next.
      } else if (PLAIN.test(part)) out.push(i < m.parts.length - 1 ? part.replace(/\n$/, '') : part);
    }
  }
  return out;
}
