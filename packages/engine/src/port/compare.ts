import { z } from 'zod';
import { DIALECT_IDS, type DialectId } from '../dialects/ids.js';
import { Diagnostic, Evidence, Outcome, type HookRecord } from '../outcome.js';
import { Scenario } from '../scenario.js';
import { isObject, preview, readJsonAnswer, type JsonObject } from '../util/json.js';
import { hasPath, readsOf } from './script-reads.js';
import { PortReport } from './types.js';
import { canonicalEvent } from './tables.js';
import { PORT_TABLES } from './tables.js';

/** The rows of a comparison, in order: the CLI prints them and the playground shows them, with these labels. */
export const COMPARE_ROWS = [
  { id: 'port', label: 'Port changes' },
  { id: 'fired', label: 'Did each hook fire' },
  { id: 'decision', label: 'What the host decided' },
  { id: 'tool', label: 'What the tool ran' },
  { id: 'model', label: 'What reaches the model' },
  { id: 'output', label: 'Output fields' },
  { id: 'payload', label: 'Input the script receives' },
] as const;
export type RowId = (typeof COMPARE_ROWS)[number]['id'];

export const Cell = z.object({
  /** One line; cells of a row are compared on it. */
  summary: z.string(),
  details: z.array(z.string()),
  /** The host's own rule behind the cell, as its dialect states it, with the rule's evidence. */
  rule: z.object({ code: z.string(), message: z.string() }).optional(),
  evidence: Evidence.optional(),
  /** Something here breaks the hook's intent or is likely to (a warning to show). */
  warn: z.boolean().optional(),
  /** Differs from the same row on the source host. */
  differs: z.boolean().optional(),
});
export type Cell = z.infer<typeof Cell>;

/** What a run saw that the outcome does not carry: each hook's stdin and the variables its command names but lacks. */
export const Observed = z.object({
  stdin: z.record(z.string(), z.string()),
  unsetVars: z.record(z.string(), z.array(z.string())),
});
export type Observed = z.infer<typeof Observed>;

export const HostColumn = z.object({
  dialect: z.enum(DIALECT_IDS),
  label: z.string(),
  /** The host's rules come from its docs alone, never from a recording (Cursor): the column says so. */
  docsOnly: z.boolean().optional(),
  port: PortReport,
  /** The derived scenario (absent when unportable): an ordinary scenario to open, edit and share. */
  scenario: Scenario.optional(),
  outcome: Outcome.optional(),
  cells: z.record(z.string(), Cell),
});
export type HostColumn = z.infer<typeof HostColumn>;

export const Comparison = z.object({
  from: z.enum(DIALECT_IDS),
  event: z.string(),
  rows: z.array(z.object({ id: z.string(), label: z.string() })),
  hosts: z.array(HostColumn),
});
export type Comparison = z.infer<typeof Comparison>;

const DOCS: Evidence = { kind: 'docs' };

function short(text: string, max = 60): string {
  return preview(text, max);
}

/** The cells of one host's column, from its port report and, when it ran, its dialect's outcome. */
export function hostCells(input: { port: PortReport; scenario?: Scenario; outcome?: Outcome; observed?: Observed }): Record<RowId, Cell> {
  const { port, scenario, outcome, observed } = input;
  const portCell: Cell = {
    summary: port.unportable ? 'cannot be ported' : port.needed.length ? `${port.made.length} made, ${port.needed.length} needed but not made` : `${port.made.length} made`,
    details: [...(port.unportable ? [port.unportable] : []), ...port.made.map((c) => `made: ${c.message}`), ...port.needed.map((c) => `not made: ${c.message}`)],
    ...(port.unportable || port.needed.length ? { warn: true } : {}),
  };
  if (!outcome || !scenario) {
    const none: Cell = { summary: port.unportable ? 'not run: no equivalent here' : 'not run', details: port.unportable ? [port.unportable] : [] };
    return { port: portCell, fired: none, decision: none, tool: none, model: none, output: none, payload: none };
  }
  return {
    port: portCell,
    fired: firedCell(outcome, scenario, observed),
    decision: decisionCell(outcome),
    tool: toolCell(outcome),
    model: modelCell(outcome),
    output: outputCell(outcome, port),
    payload: payloadCell(outcome, scenario, observed),
  };
}

function ruleOf(d: Diagnostic | undefined): Pick<Cell, 'rule' | 'evidence'> {
  if (!d) return {};
  return { rule: { code: d.code, message: d.message }, evidence: d.evidence ?? DOCS };
}

function hookLabel(h: HookRecord): string {
  return `#${h.index + 1} ${short(h.command, 40)}`;
}

function firedCell(outcome: Outcome, scenario: Scenario, observed?: Observed): Cell {
  const details: string[] = [];
  let warn = false;
  const hooks = outcome.hooks;
  const configErrors = outcome.diagnostics.filter((d) => d.level === 'error' && d.code.startsWith('config.'));
  for (const d of configErrors) details.push(`config: ${d.message}`);
  for (const h of hooks) {
    const unset = observed?.unsetVars[String(h.index)] ?? [];
    let line = `${hookLabel(h)}: `;
    if (!h.matched) line += `did not match — ${h.why}`;
    else if (!h.ran) line += `matched, not run — ${h.why}`;
    else if (h.timedOut) line += `ran, killed at its timeout of ${h.timeoutMs} ms`;
    else line += `ran (exit ${h.exitCode ?? h.signal}, timeout ${h.timeoutMs} ms)`;
    details.push(line);
    const missing = h.ran && !h.timedOut ? notFound(h) : null;
    if (missing) {
      details.push(`${hookLabel(h)}: its command or script was not found — ${missing}`);
      warn = true;
    }
    if (!h.matched || h.timedOut) warn = true;
    for (const v of unset) {
      details.push(`${hookLabel(h)}: $${v} is not set on ${outcome.dialect}, so it expands to an empty string`);
      warn = true;
    }
    if (h.matched && !h.timedOut && h.timeoutMs < 1000) {
      details.push(`${hookLabel(h)}: its timeout is ${h.timeoutMs} ms here`);
      warn = true;
    }
  }
  const ran = hooks.filter((h) => h.ran);
  const timedOut = hooks.filter((h) => h.timedOut).length;
  const summary =
    hooks.length === 0
      ? configErrors.length
        ? 'no hook loaded (config error)'
        : 'no hook for this event'
      : `${ran.length} of ${hooks.length} ran${timedOut ? `, ${timedOut} timed out` : ''}${details.some((d) => d.includes(' was not found')) ? ', script not found' : ''}${details.some((d) => d.includes(' is not set on ')) ? ', a variable unset' : ''}`;
  if (hooks.length === 0) warn = true;
  void scenario;
  const first = hooks.find((h) => !h.matched) ?? hooks[0];
  const timeoutRule = outcome.diagnostics.find((d) => /timeout/.test(d.code));
  return {
    summary,
    details,
    ...(timedOut && timeoutRule ? ruleOf(timeoutRule) : first ? { rule: { code: first.whyRule ?? 'match', message: first.why }, evidence: first.whyEvidence ?? DOCS } : ruleOf(configErrors[0])),
    ...(warn ? { warn } : {}),
  };
}

/** The shell's own "not found" line when a hook's command or script did not exist (exit 127, or sh cannot open it). */
function notFound(h: HookRecord): string | null {
  const line = h.stderr.split('\n').find((l) => /not found|No such file|cannot open/.test(l));
  return h.exitCode === 127 || line ? (line?.trim() ?? `exit 127`) : null;
}

function decisionCell(outcome: Outcome): Cell {
  const rules = outcome.diagnostics.filter((d) => d.code.startsWith('rule.'));
  const hookNotes = outcome.diagnostics.filter((d) => d.code.startsWith('hook.'));
  const summary = `${outcome.verdict}${outcome.reason ? `: ${short(outcome.reason)}` : ''}${outcome.halt ? ' (halts)' : ''}`;
  const effects = outcome.hooks.filter((h) => h.ran).map((h) => `${hookLabel(h)}: ${h.effect}${h.hostReport ? ` (the host reports ${h.hostReport})` : ''}`);
  return {
    summary,
    details: [...effects, ...rules.map((d) => d.message), ...hookNotes.map((d) => d.message)],
    ...ruleOf(rules.find((d) => d.evidence) ?? rules[0] ?? hookNotes[0]),
  };
}

function toolCell(outcome: Outcome): Cell {
  const canonical = canonicalEvent(PORT_TABLES[outcome.dialect], outcome.event);
  const before = canonical === 'PreToolUse' || canonical === 'PermissionRequest';
  const details: string[] = [];
  let summary: string;
  if (!before) summary = canonical === 'PostToolUse' || canonical === 'PostToolUseFailure' ? 'already ran' : 'no tool call';
  else if (outcome.verdict === 'block') summary = 'blocked';
  else if (outcome.updatedInput !== null && outcome.updatedInput !== undefined) {
    summary = 'rewritten';
    details.push(`runs with ${preview(outcome.updatedInput, 100)}`);
  } else if (outcome.verdict === 'ask') summary = 'asks the user first';
  else summary = 'original';
  const rule = outcome.diagnostics.find((d) => /rewrite|updated|block|deny/.test(d.code));
  return { summary, details, ...ruleOf(rule) };
}

function modelCell(outcome: Outcome): Cell {
  const shown = outcome.shown ?? {};
  const details: string[] = [];
  if (shown.toolResult !== undefined) details.push(`as the tool's result: ${JSON.stringify(shown.toolResult)}`);
  if (shown.model !== undefined) details.push(`in the next model request: ${JSON.stringify(shown.model)}`);
  for (const c of outcome.context) if (!shown.model?.includes(c)) details.push(`context: ${JSON.stringify(c)}`);
  if (shown.user !== undefined) details.push(`to the user only: ${JSON.stringify(shown.user)}`);
  const summary =
    shown.toolResult !== undefined
      ? `tool result: ${short(shown.toolResult)}`
      : shown.model !== undefined
        ? `model: ${short(shown.model)}`
        : outcome.context.length
          ? `context: ${short(outcome.context.join(' '))}`
          : 'nothing';
  const rule = outcome.diagnostics.find((d) => /shown|context|model|message|reason/.test(d.code));
  return { summary, details, ...ruleOf(rule) };
}

/** Each JSON field a hook printed, read or ignored by the host (as its dialect's notes say), and fields the port says live elsewhere here. */
function outputCell(outcome: Outcome, port: PortReport): Cell {
  const details: string[] = [];
  const honoured: string[] = [];
  const ignored: string[] = [];
  let rule: Diagnostic | undefined;
  for (const h of outcome.hooks.filter((x) => x.ran)) {
    const answer = readJsonAnswer(h.stdout);
    if (answer.kind !== 'object') {
      details.push(`${hookLabel(h)}: ${answer.kind === 'empty' ? 'no output' : 'plain text, not JSON'} (exit ${h.exitCode ?? h.signal})`);
      continue;
    }
    const fields = fieldNames(answer.value).filter((f) => f !== 'hookSpecificOutput.hookEventName');
    const notes = outcome.diagnostics.filter((d) => (d.hook === undefined || d.hook === h.index) && /ignored|dropped|unknown|rejected/.test(d.code));
    const read: string[] = [];
    for (const field of fields) {
      const leaf = field.split('.').pop()!;
      const note = notes.find((d) => d.message.includes(leaf));
      // A hook whose answer had no effect had every field ignored, whether or not the host says so.
      if (note || h.effect === 'none') {
        ignored.push(field);
        details.push(`${hookLabel(h)}: ${field} ignored — ${note ? note.message : `the hook's answer has no effect on ${outcome.dialect} for ${outcome.event}`}`);
        if (note) rule ??= note;
      } else read.push(field);
    }
    honoured.push(...read);
    if (read.length) details.push(`${hookLabel(h)}: honoured ${read.join(', ')} (its effect: ${h.effect})`);
  }
  const moved = port.needed.filter((c) => c.kind === 'output');
  for (const c of moved) details.push(`moved: ${c.message}`);
  const leaves = (list: string[]) => [...new Set(list.map((f) => f.split('.').pop()!))].join(', ');
  const summary =
    honoured.length + ignored.length === 0
      ? moved.length
        ? `none read; ${moved.length} would live elsewhere here`
        : 'no JSON fields'
      : [honoured.length ? `honoured ${leaves(honoured)}` : '', ignored.length ? `ignored ${leaves(ignored)}` : '', moved.length ? `${moved.length} elsewhere here` : '']
          .filter(Boolean)
          .join('; ');
  return { summary, details, ...ruleOf(rule), ...(ignored.length || moved.length ? { warn: true } : {}) };
}

function fieldNames(value: JsonObject): string[] {
  const out: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (key === 'hookSpecificOutput' && isObject(v)) out.push(...Object.keys(v).map((k) => `hookSpecificOutput.${k}`));
    else out.push(key);
  }
  return out;
}

function payloadCell(outcome: Outcome, scenario: Scenario, observed?: Observed): Cell {
  const details: string[] = [];
  let warn = false;
  let summary = 'no hook received input';
  for (const h of outcome.hooks.filter((x) => x.ran)) {
    const stdin = observed?.stdin[String(h.index)];
    if (stdin === undefined) continue;
    let value: unknown;
    try {
      value = JSON.parse(stdin);
    } catch {
      details.push(`${hookLabel(h)}: input is not JSON: ${short(stdin)}`);
      continue;
    }
    const shape = shapeOf(value);
    if (summary === 'no hook received input') summary = shape;
    details.push(`${hookLabel(h)}: ${shape}`);
    const reads = readsOf(h.command, scenario.files);
    for (const path of reads.paths) {
      if (!hasPath(value, path)) {
        details.push(`${hookLabel(h)}: the script reads ${path}, which this input lacks`);
        warn = true;
      }
    }
    for (const pattern of reads.patterns) {
      const key = /"([A-Za-z_]\w*)"\s*:/.exec(pattern)?.[1];
      if (key && !stdin.includes(`"${key}":`)) {
        details.push(`${hookLabel(h)}: the script greps the raw input for ${pattern}, but this input has no "${key}": at all`);
        warn = true;
      } else if (!stdin.includes(pattern.replace(/\\(.)/g, '$1').split(/[.*[\]]/)[0]!)) {
        details.push(`${hookLabel(h)}: the script greps the raw input for ${pattern}; this host's input does not contain that text`);
        warn = true;
      }
    }
  }
  if (warn) summary += ' — the script reads a field it lacks';
  return { summary, details, ...(warn ? { warn } : {}) };
}

/** `{tool_name, tool_input{command, description}, ...}`: the keys two levels deep, as a reader sees the shape. */
function shapeOf(value: unknown): string {
  if (!isObject(value)) return typeof value;
  return `{${Object.entries(value)
    .map(([k, v]) => (isObject(v) ? `${k}{${Object.keys(v).join(', ')}}` : typeof v === 'string' && /^\s*[{[]/.test(v) ? `${k} (JSON text)` : k))
    .join(', ')}}`;
}

/** Marks each cell that differs from the same row of the reference host (the source, else the first column). */
export function markDifferences(hosts: HostColumn[], reference: DialectId): void {
  const ref = hosts.find((h) => h.dialect === reference) ?? hosts[0];
  if (!ref) return;
  for (const row of COMPARE_ROWS) {
    if (row.id === 'port') continue;
    for (const host of hosts) {
      const cell = host.cells[row.id];
      if (cell && host !== ref) cell.differs = cell.summary !== ref.cells[row.id]?.summary;
    }
  }
}
