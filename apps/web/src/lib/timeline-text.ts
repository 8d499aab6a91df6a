import type { RunPlan, TimelineEvent } from '@hookplay/engine/browser';
import { formatMs, hookLabel, preview } from './format';

/** One timeline event as a line of text, for bug reports and screen readers. */
export function describeEvent(event: TimelineEvent, plan: RunPlan | null): string {
  const at = `${`+${event.atMs.toFixed(1)}`.padStart(9)} ms`;
  switch (event.type) {
    case 'run-start': {
      const willRun = event.plan.hooks.filter((h) => h.willRun).length;
      return `${at}  run start: ${event.plan.mode}, ${event.plan.hooks.length} hook${event.plan.hooks.length === 1 ? '' : 's'} loaded, ${willRun} will run (${event.plan.shell})`;
    }
    case 'hook-start':
      return `${at}  ${hookLabel(event.hook)} start${event.pid !== null ? ` (pid ${event.pid})` : ''}: ${preview(plan?.hooks[event.hook]?.command ?? '', 80)}`;
    case 'hook-output':
      return `${at}  ${hookLabel(event.hook)} ${event.stream}: ${preview(event.data.replace(/\n$/, ''), 160)}`;
    case 'hook-end': {
      const how = event.timedOut ? `timed out${event.signal ? `, killed with ${event.signal}` : ''}` : event.signal ? `killed by ${event.signal}` : `exit ${event.exitCode}`;
      return `${at}  ${hookLabel(event.hook)} end: ${how} after ${formatMs(event.durationMs)}${event.error ? ` (${event.error})` : ''}`;
    }
    case 'outcome':
      return `${at}  outcome: ${event.outcome.verdict}${event.outcome.reason ? ` (${preview(event.outcome.reason, 100)})` : ''}`;
  }
}
