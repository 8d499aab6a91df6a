import { getDialect } from '../dialects/index.js';
import type { Diagnostic } from '../outcome.js';
import type { SessionScenario } from '../scenario.js';
import { findEvent } from '../validate.js';
import type { StepProblem } from './effects.js';
import { stepKind, stepLabel } from './steps.js';

/**
 * Steps no host could reach, and steps this host cannot: each is an error naming the step, found before anything
 * runs (the editor shows them as markers too).
 */
export function checkSession(scenario: SessionScenario): Diagnostic[] {
  const dialect = getDialect(scenario.dialect);
  const steps = scenario.session.steps;
  const host = scenario.host ?? {};
  if (!dialect.lifecycle) {
    return [{ level: 'error', code: 'session.unsupported', message: `${dialect.label}'s session lifecycle is not modelled yet: run its events one at a time` }];
  }
  const problems: StepProblem[] = [];
  let turn = false;
  let interruptedAt: number | null = null;
  steps.forEach((step, i) => {
    const kind = stepKind(step);
    const previous = i > 0 ? stepKind(steps[i - 1]!) : null;
    if ((kind === 'calls' || kind === 'resume') && !dialect.lifecycle!.supports?.includes(kind)) {
      problems.push({ step: i, message: `${dialect.label}'s lifecycle does not model ${kind === 'calls' ? 'several tool calls in one message' : 'resuming a session'} yet` });
      return;
    }
    if (kind === 'resume') {
      // A new host process: the next user step must be a prompt.
      turn = false;
      interruptedAt = null;
      return;
    }
    if (kind === 'prompt') {
      turn = true;
      interruptedAt = null;
      return;
    }
    if (interruptedAt !== null) {
      problems.push({ step: i, message: `the turn was interrupted at step ${interruptedAt + 1}: nothing happens until the next prompt` });
      return;
    }
    if ('event' in step) {
      const found = findEvent(dialect, step.event);
      if ('error' in found) problems.push({ step: i, field: 'event', message: found.error.message });
      return;
    }
    if (!turn) {
      problems.push({ step: i, message: `no turn has begun: a ${kind === 'approval' ? 'permission answer' : kind === 'reply' ? 'model reply' : kind === 'interrupt' ? 'interrupt' : kind === 'calls' ? 'set of tool calls' : 'tool call'} needs a prompt before it` });
      return;
    }
    if (kind === 'approval' && previous !== 'tool' && previous !== 'calls' && previous !== 'approval') {
      problems.push({ step: i, field: 'approval', message: 'an approval answers the permission prompt of the tool call just before it, and there is none' });
    }
    if (kind === 'interrupt') interruptedAt = i;
  });
  problems.push(...(dialect.lifecycle.check?.(steps, host) ?? []));
  return problems
    .sort((a, b) => a.step - b.step)
    .map((p) => ({
      level: 'error' as const,
      code: 'session.unreachable-step',
      message: `session.steps[${p.step}]${p.field ? `.${p.field}` : ''} (${stepLabel(steps[p.step]!)}): ${p.message}`,
    }));
}
