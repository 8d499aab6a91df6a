/**
 * A session is edited as the JSON text of the scenario's `session` object (`{ "steps": [...] }`), as it sits in
 * the file. This module parses that text with positions, so every problem about `session.steps[i]...` (schema,
 * unreachable steps) can be put on the line of the step it names, and gives each host a starter session.
 */
import { parseJsonDocument, stepKind, type SessionStep, type StepKind } from '@hookplay/engine/browser';
import { dialectInfo, type DialectId } from './catalog';
import { prettyJson } from './payload';

export type SessionParse =
  | { ok: true; value: Record<string, unknown>; locate: (path: (string | number)[]) => { line: number; column: number } | undefined }
  | { ok: false; message: string; line: number; column: number };

export function parseSessionText(text: string): SessionParse {
  const doc = parseJsonDocument(text);
  if (doc.error) return { ok: false, message: `the session is not valid JSON: ${doc.error.message}`, line: doc.error.line, column: doc.error.column };
  const value = doc.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: 'the session must be a JSON object: { "steps": [ ... ] }', line: 1, column: 1 };
  }
  return { ok: true, value: value as Record<string, unknown>, locate: doc.locate };
}

/** `session.steps[2].approval` → `["steps", 2, "approval"]`; null when the path is not inside the session. */
export function sessionPath(path: string): (string | number)[] | null {
  const m = /^session(?:\.|\[|$)/.exec(path);
  if (!m) return null;
  const out: (string | number)[] = [];
  const re = /\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/g;
  re.lastIndex = 'session'.length;
  for (let part = re.exec(path); part; part = re.exec(path)) {
    if (part[1] !== undefined) out.push(part[1]);
    else if (part[2] !== undefined) out.push(Number(part[2]));
    else out.push(JSON.parse(`"${part[3]}"`) as string);
  }
  return out;
}

/** The tool call a host's own sample payloads make (its shell tool and a command), for starter sessions. */
function sampleToolCall(id: DialectId): { tool: string; input: Record<string, unknown> } | null {
  for (const event of dialectInfo(id).events) {
    const sample = event.sample as Record<string, unknown>;
    if (typeof sample.tool_name === 'string' && typeof sample.tool_input === 'object' && sample.tool_input !== null) {
      return { tool: sample.tool_name, input: sample.tool_input as Record<string, unknown> };
    }
  }
  return null;
}

export function starterSession(id: DialectId): { steps: SessionStep[] } {
  const call = sampleToolCall(id);
  return {
    steps: [
      { prompt: 'Run the tests and fix what fails' },
      ...(call ? [{ tool: call.tool, input: call.input }] : []),
      { reply: 'All tests pass now.' },
    ],
  };
}

export function starterSessionText(id: DialectId): string {
  return prettyJson(starterSession(id));
}

/** A new step of each kind, as the "Add" buttons insert it; the tool call uses the host's own tool name. */
export function stepTemplate(kind: StepKind, id: DialectId): SessionStep {
  const call = sampleToolCall(id) ?? { tool: 'Bash', input: { command: 'npm test' } };
  switch (kind) {
    case 'prompt':
      return { prompt: 'Now update the docs' };
    case 'tool':
      return { tool: call.tool, input: call.input };
    case 'calls':
      return { calls: [{ tool: call.tool, input: call.input }, { tool: call.tool, input: call.input }] };
    case 'approval':
      return { approval: 'allow' };
    case 'reply':
      return { reply: 'Done.' };
    case 'interrupt':
      return { interrupt: true };
    case 'resume':
      return { resume: 'continue' };
    case 'event':
      return { event: dialectInfo(id).events[0]?.name ?? 'Notification', payload: {} };
  }
}

/** The session text with one more step at the end, or null when the text does not parse (fix it first). */
export function appendStep(text: string, step: SessionStep): string | null {
  const parsed = parseSessionText(text);
  if (!parsed.ok) return null;
  const steps = Array.isArray(parsed.value.steps) ? parsed.value.steps : [];
  return prettyJson({ ...parsed.value, steps: [...steps, step] });
}

/**
 * Where a new step of `kind` can happen, so a quick-added step does something instead of "never happening": a tool
 * call or an interrupt goes inside the last turn (before its final reply), an approval right after the tool call
 * that asks (with one added when there is none), a reply after a prompt (a new turn when the last one has ended).
 * Returns the steps to insert and where, with a note when the placement is not simply "at the end".
 */
export function placeStep(steps: readonly unknown[], kind: StepKind, id: DialectId): { at: number; insert: SessionStep[]; note: string | null } {
  const kinds = steps.map(roughKind);
  const last = kinds.length - 1;
  const endsWithReply = kinds[last] === 'reply';
  const turnOpen = kinds.some((k) => k === 'prompt') && !endsWithReply;
  const beforeReply = endsWithReply ? last : steps.length;
  const template = stepTemplate(kind, id);
  switch (kind) {
    case 'tool':
    case 'calls':
    case 'interrupt':
      if (!kinds.includes('prompt')) return { at: 0, insert: [stepTemplate('prompt', id), template], note: 'a prompt first: a tool call needs a turn to happen in' };
      return { at: beforeReply, insert: [template], note: endsWithReply ? 'before the final reply, inside the turn' : null };
    case 'approval': {
      // After the last tool call that has no answer yet.
      for (let i = last; i >= 0; i--) {
        if (kinds[i] === 'tool' && kinds[i + 1] !== 'approval') return { at: i + 1, insert: [template], note: i + 1 < steps.length ? 'right after the tool call it answers' : null };
      }
      const call = stepTemplate('tool', id);
      if (!kinds.includes('prompt')) return { at: 0, insert: [stepTemplate('prompt', id), call, template], note: 'with a prompt and a tool call: an approval answers the tool call before it' };
      return { at: beforeReply, insert: [call, template], note: 'with a tool call before it: an approval answers the tool call before it' };
    }
    case 'reply':
      if (turnOpen) return { at: steps.length, insert: [template], note: null };
      return { at: steps.length, insert: [stepTemplate('prompt', id), template], note: 'with a prompt before it: a reply ends a turn a prompt started' };
    default:
      return { at: steps.length, insert: [template], note: null };
  }
}

/** The session text with `kind` added where it can happen; null when the text does not parse (fix it first). */
export function addStep(text: string, kind: StepKind, id: DialectId): { text: string; index: number; note: string | null } | null {
  const parsed = parseSessionText(text);
  if (!parsed.ok) return null;
  const steps = Array.isArray(parsed.value.steps) ? [...(parsed.value.steps as unknown[])] : [];
  const { at, insert, note } = placeStep(steps, kind, id);
  steps.splice(at, 0, ...insert);
  return { text: prettyJson({ ...parsed.value, steps }), index: at + insert.length - 1, note };
}

/** Each step's kind as far as it can be told, for the step list (a step that fits no kind yet is `unknown`). */
export function roughKind(step: unknown): StepKind | 'unknown' {
  if (typeof step !== 'object' || step === null || Array.isArray(step)) return 'unknown';
  const keys = ['prompt', 'tool', 'calls', 'approval', 'reply', 'interrupt', 'resume', 'event'];
  return keys.some((k) => k in step) ? stepKind(step as SessionStep) : 'unknown';
}
