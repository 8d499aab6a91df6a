import { compareVersions, formatComparison } from '../../versions-compare.js';
import { readScenario, scenarioArg } from '../scenario-input.js';
import { failure, result, type HookplayTool } from '../tool.js';

export const compareVersionsTool: HookplayTool<{ scenario: typeof scenarioArg }> = {
  name: 'compare_versions',
  title: 'Compare host versions',
  description:
    "Runs a one-event scenario on every version its host lists (Claude Code: 1.0.41 to 2.1.332, each verified against its own CLI) and names each rule that changed between neighbouring versions, with the recorded cases that show it.",
  input: { scenario: scenarioArg },
  runsHooks: true,
  async call({ scenario: raw }, signal) {
    const parsed = readScenario(raw);
    if ('error' in parsed) return failure(parsed.error, parsed.problems);
    try {
      const comparison = await compareVersions(parsed.scenario, { signal });
      return result(formatComparison(comparison), comparison as unknown as Record<string, unknown>);
    } catch (e) {
      if (signal.aborted) throw e;
      return failure((e as Error).message);
    }
  },
};
