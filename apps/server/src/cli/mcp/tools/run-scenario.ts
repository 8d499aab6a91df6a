import { isSessionOutcome, runAnyScenario } from '@hookplay/engine';
import { formatOutcome } from '../../format-outcome.js';
import { formatSession } from '../../format-session.js';
import { readScenario, scenarioArg } from '../scenario-input.js';
import { failure, result, type HookplayTool } from '../tool.js';

export const runScenarioTool: HookplayTool<{ scenario: typeof scenarioArg }> = {
  name: 'run_scenario',
  title: 'Run a hook scenario',
  description:
    "Runs a scenario's hooks for real (real processes, the host's shell and timeouts) and explains the host's decision: which hooks matched and why, each one's exit and output, the verdict (proceed, allow, ask, block), and the rules behind it. Use it to test a hook before handing it over.",
  input: { scenario: scenarioArg },
  runsHooks: true,
  async call({ scenario: input }, signal) {
    const parsed = readScenario(input);
    if ('error' in parsed) return failure(parsed.error, parsed.problems);
    const outcome = await runAnyScenario(parsed.scenario, { signal });
    const text = isSessionOutcome(outcome) ? formatSession(outcome) : formatOutcome(outcome);
    return result(text, outcome as unknown as Record<string, unknown>);
  },
};
