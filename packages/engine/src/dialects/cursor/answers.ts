import type { Diagnostic, Effect, Evidence, Verdict } from '../../outcome.js';
import type { ProcessResult } from '../../runner/types.js';
import { isObject } from '../../util/json.js';
import type { Settled, SettleInput } from '../dialect.js';
import { describeExit, diag, ordinal } from '../shared/results.js';
import type { CursorEntry } from './config.js';

export const DOCS: Evidence = { kind: 'docs', source: 'https://cursor.com/docs/agent/hooks' };

type Permission = 'allow' | 'ask' | 'deny';
const RANK: Record<Permission, number> = { allow: 1, ask: 2, deny: 3 };

interface Answer {
  permission?: Permission;
  agentMessage?: string;
  userMessage?: string;
  followup?: string;
  stopPrompt?: boolean;
  failed?: string;
  via?: string;
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * One hook's answer as Cursor's docs describe it: exit 2 blocks with stderr; exit 0 with a JSON object on stdout is
 * the answer (`permission`, `user_message`/`agent_message`, and the camelCase spellings of the first release;
 * `continue` on beforeSubmitPrompt, `followup_message` on stop); any other exit, a timeout or a crash is a failed hook
 * and the action goes ahead (fail open). For hooks loaded from Claude Code's files, Claude's own answers are read
 * too (exit 2, `hookSpecificOutput.permissionDecision`, `decision: "block"`), as the docs' compatibility section says.
 */
function read(entry: CursorEntry, result: ProcessResult): Answer {
  if (result.spawnError !== undefined || result.timedOut || result.signal !== null) return { failed: describeExit(result, entry.timeoutMs) };
  if (result.exitCode === 2) return { permission: 'deny', agentMessage: result.stderr.trim() || undefined, via: 'exit 2' } as Answer;
  if (result.exitCode !== 0) return { failed: `exit ${result.exitCode}: a failed hook, the action goes ahead` };
  const text = result.stdout.trim();
  if (!text.startsWith('{')) return {};
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch {
    return { failed: 'stdout is not valid JSON: ignored' };
  }
  if (!isObject(o)) return {};
  const a: Answer = {};
  const p = o.permission ?? o.decision;
  if (p === 'allow' || p === 'ask' || p === 'deny') [a.permission, a.via] = [p, `"${o.permission !== undefined ? 'permission' : 'decision'}": "${p}"`];
  const agent = str(o.agent_message) ?? str(o.agentMessage) ?? str(o.reason);
  const user = str(o.user_message) ?? str(o.userMessage);
  if (agent) a.agentMessage = agent;
  if (user) a.userMessage = user;
  if (o.continue === false) a.stopPrompt = true;
  const followup = str(o.followup_message) ?? str(o.followupMessage);
  if (followup) a.followup = followup;
  if (entry.origin === 'claude') {
    const hso = isObject(o.hookSpecificOutput) ? o.hookSpecificOutput : {};
    const pd = hso.permissionDecision;
    if (pd === 'allow' || pd === 'ask' || pd === 'deny') [a.permission, a.via] = [pd, `Claude Code's permissionDecision "${pd}"`];
    if (o.decision === 'block') [a.permission, a.via] = ['deny', `Claude Code's decision "block"`];
    const reason = str(hso.permissionDecisionReason) ?? str(o.reason);
    if (reason) a.agentMessage = reason;
  }
  return a;
}

const effectOf = (a: Answer): Effect => (a.failed ? 'error' : a.permission === 'deny' || a.stopPrompt || a.followup ? 'block' : a.permission ?? (a.agentMessage || a.userMessage ? 'context' : 'none'));

/**
 * Combination, as hookplay reads Cursor's docs (which say little of it): every matching hook runs; the most
 * restrictive permission wins (deny > ask > allow), and among equals the first hook in Cursor's priority order
 * (its own hooks.json files, project then user, before Claude Code's) gives the messages.
 */
export function settleCursor({ prepared, event, results }: SettleInput<CursorEntry>): Settled {
  const diagnostics: Diagnostic[] = [];
  const effects = new Map<number, Effect>();
  const answers: { index: number; entry: CursorEntry; a: Answer }[] = [];
  prepared.hooks.forEach((h, index) => {
    const result = results.get(index);
    if (!result) return;
    const a = read(h.entry, result);
    if (a.failed) diagnostics.push(diag('warning', 'hook.failed', `${ordinal(index)} ${a.failed}: Cursor fails open, it decides nothing`, { hook: index, evidence: DOCS }));
    answers.push({ index, entry: h.entry, a });
    effects.set(index, effectOf(a));
  });
  const order = [...answers].sort((x, y) => (x.entry.origin === y.entry.origin ? x.index - y.index : x.entry.origin === 'cursor' ? -1 : 1));
  const settled: Settled = { verdict: 'proceed', reason: null, updatedInput: null, context: [], halt: false, eventOut: null, effects, diagnostics };
  const name = event.name;
  if (name === 'stop') {
    const f = order.find((x) => x.a.followup);
    if (f) {
      settled.verdict = 'block';
      settled.reason = f.a.followup!;
      settled.context = [f.a.followup!];
      settled.shown = { model: f.a.followup! };
      diagnostics.push(diag('info', 'rule.stop-followup', `${ordinal(f.index)} answers followup_message: Cursor sends it as the next user message and the agent goes on (up to its loop limit, 5 by the docs)`, { hook: f.index, evidence: DOCS }));
    }
    return settled;
  }
  if (name === 'beforeSubmitPrompt') {
    const s = order.find((x) => x.a.stopPrompt || x.a.permission === 'deny');
    if (s) {
      settled.verdict = 'block';
      settled.reason = s.a.userMessage ?? s.a.agentMessage ?? null;
      if (s.a.userMessage) settled.shown = { user: s.a.userMessage };
      diagnostics.push(diag('info', 'rule.prompt-blocked', `${ordinal(s.index)} stops the prompt (${s.a.stopPrompt ? '"continue": false' : s.a.via}): it never reaches the model`, { hook: s.index, evidence: DOCS }));
    }
    return settled;
  }
  if (!prepared.hooks.some(() => true) || !['preToolUse', 'beforeShellExecution', 'beforeMCPExecution', 'beforeReadFile'].includes(name)) {
    for (const x of order) if (x.a.permission) diagnostics.push(diag('info', 'rule.observation-only', `${ordinal(x.index)} answers a permission, but ${name} cannot block: ignored`, { hook: x.index, evidence: DOCS }));
    return settled;
  }
  let top: (typeof order)[number] | undefined;
  for (const x of order) if (x.a.permission && (!top || RANK[x.a.permission] > RANK[top.a.permission!])) top = x;
  if (!top) return settled;
  const p = name === 'beforeReadFile' && top.a.permission === 'ask' ? 'deny' : top.a.permission!;
  settled.verdict = ({ deny: 'block', ask: 'ask', allow: 'allow' } as const satisfies Record<Permission, Verdict>)[p];
  settled.reason = top.a.agentMessage ?? top.a.userMessage ?? null;
  settled.shown = { ...(top.a.agentMessage ? { model: top.a.agentMessage } : {}), ...(top.a.userMessage ? { user: top.a.userMessage } : {}) };
  if (!Object.keys(settled.shown).length) delete settled.shown;
  const others = order.filter((x) => x !== top && x.a.permission);
  diagnostics.push(
    diag('info', `rule.${p === 'deny' ? 'deny' : p === 'ask' ? 'ask' : 'allow'}-wins`, `${ordinal(top.index)} answers ${p} (${top.a.via})${others.length ? `; it beats ${others.map((x) => `${ordinal(x.index)}'s ${x.a.permission}`).join(', ')}: the most restrictive answer wins, and among equals the higher-priority hook speaks (hookplay's reading of the docs, which do not spell this out)` : ''}`, { hook: top.index, evidence: DOCS }),
  );
  return settled;
}
