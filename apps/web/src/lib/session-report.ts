/** A session in a bug report: its outcome step by step, and its timeline as lines of text. */
import { checkExpectations, parseScenario, type RunPlan, type ScenarioInput, type SessionOutcome, type SessionTimelineEvent, type TimelineEvent } from '@hookplay/engine/browser';
import { describeEvent } from './timeline-text';
import { preview } from './format';
import { sameStart } from './session-view';
import { evidenceNote } from './report';

const json = (v: unknown) => JSON.stringify(v);

/** Step by step: its events and verdicts, the tool call, what the user saw, what the model's request adds. */
export function sessionOutcomeSection(outcome: SessionOutcome, scenario: ScenarioInput): string {
  const lines = [`- **Ended:** \`${outcome.ended.reason}\`: ${outcome.ended.message}${outcome.ended.step !== null ? ` (at step ${outcome.ended.step + 1})` : ''}`];
  try {
    const parsed = parseScenario(scenario);
    if (parsed.expect || parsed.session?.steps.some((s) => s.expect)) {
      const mismatches = checkExpectations(parsed, outcome);
      lines.push(
        mismatches.length === 0
          ? '- **Matches expect:** yes'
          : `- **Matches expect:** no: ${mismatches.map((m) => `\`${m.path}\` expected \`${json(m.expected)}\`, got \`${json(m.actual) ?? 'nothing'}\``).join('; ')}`,
      );
    }
  } catch {
    // An invalid scenario has no expectations to check; the outcome says why it did not play.
  }
  const parts = [lines.join('\n')];
  let before: string[] = [];
  const steps = outcome.steps.map((r, i) => {
    const out = [`${i + 1}. ${r.step !== null ? `**step ${r.step + 1}:** ` : ''}${r.label}`];
    for (const e of r.events) {
      const o = e.outcome;
      const ran = o.hooks.filter((h) => h.ran).length;
      out.push(`   - ${e.event}: \`${o.verdict}\`${o.reason !== null ? ` (${json(preview(o.reason, 160))})` : ''}${o.hooks.length ? `, ${ran}/${o.hooks.length} hooks ran` : ', no hook'}`);
    }
    if (r.tool) {
      const t = r.tool;
      out.push(`   - tool ${t.name} ${t.ran ? (t.isError ? 'failed' : 'ran') : 'did not run'}${t.decidedBy ? ` (decided by ${t.decidedBy})` : ''}: \`${json(t.input)}\`${t.result !== null ? `, the model is told ${json(preview(t.result, 200))}` : ''}`);
    }
    for (const n of r.notices) out.push(`   - the user sees ${json(n)}`);
    for (const d of r.diagnostics) out.push(`   - ${d.level} \`${d.code}\`: ${d.message}${evidenceNote(d.evidence)}`);
    if (r.model) {
      const added = r.model.slice(sameStart(before, r.model));
      out.push(`   - the model's request carries ${r.model.length} hook text${r.model.length === 1 ? '' : 's'}${added.length ? `, new: ${added.map((t) => json(preview(t, 160))).join(', ')}` : ''}`);
      before = r.model;
    }
    return out.join('\n');
  });
  if (steps.length > 0) parts.push(steps.join('\n'));
  if (outcome.diagnostics.length > 0) parts.push(outcome.diagnostics.map((d) => `- ${d.level} \`${d.code}\`: ${d.message}${evidenceNote(d.evidence)}`).join('\n'));
  return parts.join('\n\n');
}

/** A one-event run's timeline event (not a session's). */
export function isRunEvent(event: TimelineEvent | SessionTimelineEvent): event is TimelineEvent {
  return !event.type.startsWith('session-');
}

/** The session timeline as text: each entry, then its events' runs indented under it, as they streamed. */
export function describeSessionTimeline(events: readonly (TimelineEvent | SessionTimelineEvent)[]): string[] {
  const plans = new Map<number, RunPlan>();
  const out: string[] = [];
  for (const event of events) {
    const at = `${`+${event.atMs.toFixed(1)}`.padStart(9)} ms`;
    switch (event.type) {
      case 'session-step':
        out.push(`${at}  [${event.index + 1}] ${event.step !== null ? `step ${event.step + 1}: ` : ''}${event.label}`);
        break;
      case 'session-event':
        out.push(`${at}      ${event.event}`);
        break;
      case 'session-run':
        if (event.run.type === 'run-start') plans.set(event.index, event.run.plan);
        // The run's own start and outcome lines say less than the step's summary: keep the hooks.
        if (event.run.type !== 'run-start' && event.run.type !== 'outcome') out.push(`        ${describeEvent(event.run, plans.get(event.index) ?? null)}`);
        else if (event.run.type === 'outcome') out.push(`${at}        → ${event.run.outcome.verdict}${event.run.outcome.reason ? ` (${preview(event.run.outcome.reason, 100)})` : ''}`);
        break;
      case 'session-tool':
        out.push(`${at}      tool ${event.tool.name} ${event.tool.ran ? 'ran' : 'did not run'}${event.tool.decidedBy ? ` (decided by ${event.tool.decidedBy})` : ''}`);
        break;
      case 'session-model':
        out.push(`${at}      model request: ${event.model.length} hook text${event.model.length === 1 ? '' : 's'}`);
        break;
      case 'session-outcome':
        out.push(`${at}  ended: ${event.outcome.ended.reason} (${preview(event.outcome.ended.message, 100)})`);
        break;
      default:
        if (isRunEvent(event)) out.push(describeEvent(event, null));
    }
  }
  return out;
}
