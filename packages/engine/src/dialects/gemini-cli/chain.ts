import type { Effect } from '../../outcome.js';
import { isObject, type JsonObject } from '../../util/json.js';
import type { Chain, Job } from '../dialect.js';
import { diag, ordinal } from '../shared/results.js';
import { interpretGemini } from './interpret.js';
import { recorded } from './verified.js';

/**
 * hookRunner.executeHooksSequential: one hook after another; after a hook that exited 0 with an output, the next
 * hook's input changes: BeforeAgent's prompt gets "\n\n" + additionalContext, BeforeModel's llm_request and
 * BeforeTool's tool_input are shallow-merged with the hook's. The merged answer is still computed from every
 * hook's own output (settle does that).
 */
export function sequentialChain(event: string, start: JsonObject, timeouts: Map<number, number>): Chain {
  return {
    start,
    before: (job: Job, current: JsonObject) => ({ stdin: JSON.stringify(current), env: job.env }),
    after(job, current, result) {
      const answer = interpretGemini(result, timeouts.get(job.hook) ?? job.timeoutMs);
      const effect: Effect = 'none';
      if (!answer.success || !answer.output) return { next: current, effect, diagnostics: [] };
      const hso = answer.output.hookSpecificOutput;
      if (!isObject(hso)) return { next: current, effect, diagnostics: [] };
      const next: JsonObject = { ...current };
      let changed: string | null = null;
      if (event === 'BeforeAgent' && typeof hso.additionalContext === 'string' && typeof next.prompt === 'string') {
        next.prompt = `${next.prompt}\n\n${hso.additionalContext}`;
        changed = 'prompt (with its additionalContext appended)';
      } else if (event === 'BeforeModel' && isObject(hso.llm_request) && isObject(next.llm_request)) {
        next.llm_request = { ...next.llm_request, ...hso.llm_request };
        changed = 'llm_request (merged with its llm_request)';
      } else if (event === 'BeforeTool' && isObject(hso.tool_input) && isObject(next.tool_input)) {
        next.tool_input = { ...next.tool_input, ...hso.tool_input };
        changed = 'tool_input (merged with its tool_input)';
      }
      const diagnostics = changed
        ? [diag('info', 'rule.sequential-input', `sequential: the next hook gets ${ordinal(job.hook)}'s ${changed}`, { hook: job.hook, evidence: recorded('sequential-tool-input-chained') })]
        : [];
      return { next, effect, diagnostics };
    },
  };
}
