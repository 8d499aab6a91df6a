/**
 * The explanation's consistency checker: an outcome must never contradict itself, its verdict or its evidence.
 * It reads only the outcome (and, for Claude Code, the recorded tables its labels cite), so it runs over every
 * gallery scenario, every replayed recording and every sweep case alike (test/consistency).
 */
import { evidenceProblems } from './evidence.js';
import { CLAIMS, CONTRADICTIONS } from './claims.js';
import { isHookplayNote } from './hookplay-notes.js';
import { isNoDecision } from '../no-decision.js';
import type { Diagnostic, HookRecord, Outcome, SessionOutcome } from '../outcome.js';

export interface CheckContext {
  /** The scenario's host.version, as written (Claude Code's rules depend on it). */
  version?: string;
  dialect?: string;
}

interface Statement {
  where: string;
  text: string;
}


/** Every way `outcome` contradicts itself, its verdict or its evidence (empty: consistent). */
export function outcomeProblems(outcome: Outcome, ctx: CheckContext = {}): string[] {
  ctx = { dialect: outcome.dialect, ...ctx };
  return [...contradictions(statementsOf(outcome, '')), ...outcomeOwnProblems(outcome, ctx, '')];
}

/** The same for a whole session: its events, its own notes, its end, and how they agree. */
export function sessionProblems(session: SessionOutcome, ctx: CheckContext = {}): string[] {
  ctx = { dialect: session.dialect, ...ctx };
  const problems: string[] = [];
  const statements: Statement[] = [];
  const repeated = new Map<string, number>();
  session.steps.forEach((step, i) => {
    const at = `step [${i + 1}] ${step.label}`;
    for (const { event, outcome } of step.events) {
      statements.push(...statementsOf(outcome, `${at} ${event}: `));
      problems.push(...outcomeOwnProblems(outcome, ctx, `${at} ${event}: `));
      for (const d of outcome.diagnostics) if (d.code.startsWith('config.version-')) repeated.set(d.code, (repeated.get(d.code) ?? 0) + 1);
    }
    for (const d of step.diagnostics) {
      statements.push({ where: `${at} [${d.code}]`, text: d.message });
      problems.push(...diagnosticProblems(d, ctx, `${at} `));
    }
    step.notices.forEach((n) => statements.push({ where: `${at} notice`, text: n }));
  });
  for (const d of session.diagnostics) {
    statements.push({ where: `session [${d.code}]`, text: d.message });
    problems.push(...diagnosticProblems(d, ctx, 'session '));
    if (d.code.startsWith('config.version-')) repeated.set(d.code, (repeated.get(d.code) ?? 0) + 1);
  }
  statements.push({ where: `ended ${session.ended.reason}`, text: session.ended.message });
  problems.push(...contradictions(statements));
  for (const [code, n] of repeated) if (n > 1) problems.push(`the version notice [${code}] is repeated ${n} times in one session: say it once`);
  problems.push(...endProblems(session));
  return problems;
}

/** The statements an outcome makes: its diagnostics and each hook's "why". */
function statementsOf(outcome: Outcome, prefix: string): Statement[] {
  return [
    ...outcome.diagnostics.map((d) => ({ where: `${prefix}[${d.code}]`, text: d.message })),
    ...outcome.hooks.map((h) => ({ where: `${prefix}hook #${h.index + 1} why`, text: h.why })),
  ];
}

/**
 * A statement that compares versions ("X on 2.1.47, but Y on 2.1.143") states both sides on purpose: only what a
 * statement says holds counts, so the part after "Unknown for" and any "…, but … on V" clause are left out.
 */
function claimsOf(text: string): string[] {
  const holds = text
    .split(/ Unknown for /)[0]!
    .split(/; /)
    .filter((clause) => !/ on \d+\.\d+\.\d+, but /.test(clause));
  return CLAIMS.filter((c) => holds.some((clause) => c.pattern.test(clause))).map((c) => c.id);
}

function contradictions(statements: Statement[]): string[] {
  const found = new Map<string, Statement>();
  for (const s of statements) for (const id of claimsOf(s.text)) if (!found.has(id)) found.set(id, s);
  const problems: string[] = [];
  for (const [a, b, why] of CONTRADICTIONS) {
    const sa = found.get(a);
    const sb = found.get(b);
    if (sa && sb) problems.push(`contradiction (${why}): ${sa.where} says ${JSON.stringify(clip(sa.text))}, ${sb.where} says ${JSON.stringify(clip(sb.text))}`);
  }
  return problems;
}

/** Statements that say a hook stopped the session other than by continue: false (a block after the tool batch). */
const HALTING_CODES: ReadonlySet<string> = new Set(['rule.batch-blocked']);

/** What one event's outcome must hold by itself: its verdict explained, its labels right, no raw validator text. */
function outcomeOwnProblems(outcome: Outcome, ctx: CheckContext, prefix: string): string[] {
  const problems: string[] = [];
  const noDecision = isNoDecision(outcome);
  const explained = outcome.diagnostics.some((d) => d.code === 'rule.no-decision');
  const blocking = outcome.diagnostics.some((d) => d.level === 'error' && (d.code === 'config.unsupported-version' || d.code.startsWith('scenario.')));
  if (noDecision && !explained && !blocking) problems.push(`${prefix}verdict proceed with no hook deciding, but no "why" says so hook by hook [rule.no-decision]`);
  if (explained && !noDecision) problems.push(`${prefix}says no hook decided, but the verdict is ${outcome.verdict}${outcome.halt ? ' (halt)' : ''}`);
  if (outcome.halt && !outcome.diagnostics.some((d) => HALTING_CODES.has(d.code) || /continue: ?false|halt/.test(d.message + d.code))) problems.push(`${prefix}halt is set, but no statement says which hook stopped the session`);
  for (const d of outcome.diagnostics) problems.push(...diagnosticProblems(d, ctx, prefix));
  for (const h of outcome.hooks) problems.push(...hookProblems(h, outcome, ctx, prefix));
  problems.push(...reasonProblems(outcome, prefix));
  problems.push(...beforeVersionProblems(statementsOf(outcome, prefix), ctx));
  return problems;
}

function diagnosticProblems(d: Diagnostic, ctx: CheckContext, prefix: string): string[] {
  const problems: string[] = [];
  if (!d.evidence) problems.push(`${prefix}[${d.code}] has no evidence label (not even "from the docs")`);
  else if (isHookplayNote(d.code) !== (d.evidence.kind === 'hookplay')) {
    problems.push(`${prefix}[${d.code}] is ${isHookplayNote(d.code) ? "hookplay's own note" : 'a rule of the host'}, but labelled ${d.evidence.kind}`);
  }
  if (/\(root\): |: Invalid input\b/.test(d.message)) problems.push(`${prefix}[${d.code}] gives the validator's raw words (${JSON.stringify(clip(d.message))}): name the field and what it allows`);
  if (d.evidence) problems.push(...evidenceProblems(d.code, d.evidence, ctx, `${prefix}[${d.code}]`));
  return problems;
}

function hookProblems(h: HookRecord, outcome: Outcome, ctx: CheckContext, prefix: string): string[] {
  if (!h.whyRule) return [];
  if (!h.whyEvidence) return [`${prefix}hook #${h.index + 1}'s why [${h.whyRule}] has no evidence label`];
  return evidenceProblems(h.whyRule, h.whyEvidence, { ...ctx, event: outcome.event }, `${prefix}hook #${h.index + 1}'s why [${h.whyRule}]`);
}

/**
 * `reason` is the hook's own reason on every host: what the host wraps it in goes to `shown`. A reason that
 * holds the hook's words inside more text is the host's wrapper.
 */
function reasonProblems(outcome: Outcome, prefix: string): string[] {
  const reason = outcome.reason;
  if (!reason) return [];
  const own = outcome.hooks.flatMap((h) => hookReasons(`${h.stdout}\n${h.stderr}`));
  const inside = own.filter((r) => reason.includes(r));
  if (!inside.length) return [];
  // Several hooks' reasons joined are still theirs; words around them that no hook said are the host's wrapper.
  const rest = inside.sort((a, b) => b.length - a.length).reduce((left, r) => left.split(r).join(''), reason);
  if (rest.trim().length < 3) return [];
  return [`${prefix}reason ${JSON.stringify(clip(reason))} wraps the hook's own reason ${JSON.stringify(clip(inside[0]!))} in ${JSON.stringify(clip(rest.trim()))}: the wrapper belongs in shown`];
}

/** The reasons a hook's output gives: JSON reason fields, or its trimmed text. */
function hookReasons(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/"(?:reason|permissionDecisionReason|stopReason)"\s*:\s*"((?:[^"\\]|\\.)*)"/g)) {
    try {
      out.push(JSON.parse(`"${m[1]}"`) as string);
    } catch {
      /* not a string we can read */
    }
  }
  return out.filter((s) => s.trim().length >= 3);
}

/** "(before Claude Code 2.1.x: …)" is only true of a version before 2.1. */
function beforeVersionProblems(statements: Statement[], ctx: CheckContext): string[] {
  const v = ctx.version?.match(/^v?(\d+)\.(\d+)/);
  if (!v) return [];
  const problems: string[] = [];
  for (const s of statements) {
    for (const m of s.text.matchAll(/before Claude Code (\d+)\.(\d+)\.x/g)) {
      if (Number(v[1]) > Number(m[1]) || (Number(v[1]) === Number(m[1]) && Number(v[2]) >= Number(m[2]))) {
        problems.push(`${s.where} says "${m[0]}" of Claude Code ${ctx.version}, which is not before ${m[1]}.${m[2]}.x`);
      }
    }
  }
  return problems;
}

/** How the session ended must agree with what its events say. */
function endProblems(session: SessionOutcome): string[] {
  const problems: string[] = [];
  const { reason, message } = session.ended;
  const halted = session.steps.flatMap((s) => s.events).find((e) => e.outcome.halt);
  if (halted && reason !== 'halted') problems.push(`${halted.event} answered continue: false (halt), but the session ended ${reason}: ${message}`);
  if (!halted && reason === 'halted') problems.push(`the session ended halted, but no event halted`);
  if (reason === 'limit' && !/hookplay/.test(message)) problems.push(`the session ended at a limit that is hookplay's own, but the message does not say so: ${message}`);
  if (reason === 'stop-cap' && /hookplay/.test(message)) problems.push(`the session ended "stop-cap" (the host's cap) for hookplay's own limit: that end is "limit"`);
  return problems;
}

function clip(s: string): string {
  return s.length > 160 ? `${s.slice(0, 157)}…` : s;
}
