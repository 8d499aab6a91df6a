import { DIALECT_IDS, isSessionScenario, runHosts, type EventScenario } from '@hookplay/engine';
import { z } from 'zod';
import { formatComparison, hostsJson } from '../../hosts-compare.js';
import { readScenario, scenarioArg } from '../scenario-input.js';
import { failure, result, type HookplayTool } from '../tool.js';

const input = {
  scenario: scenarioArg,
  hosts: z.array(z.enum(DIALECT_IDS)).optional().describe(`The hosts to port to (default: all of ${DIALECT_IDS.join(', ')}).`),
  renameTools: z.boolean().optional().describe("Rename tool names in matchers to each host's own (default: copied as written, as a user copying a hook would)."),
};

export const runOnEveryHostTool: HookplayTool<typeof input> = {
  name: 'run_on_every_host',
  title: 'Run one hook on every host',
  description:
    "Ports a one-event scenario to each host (only the changes that host requires: config location and shape, event names, handler keys), runs every port with that host's own rules, and compares them row by row: did each hook fire and why not, what the host decided, what the tool ran, what reaches the model, output fields, the input the script receives.",
  input,
  runsHooks: true,
  async call({ scenario: raw, hosts, renameTools }, signal) {
    const parsed = readScenario(raw);
    if ('error' in parsed) return failure(parsed.error, parsed.problems);
    if (isSessionScenario(parsed.scenario)) return failure('run_on_every_host compares one event on every host; this scenario is a session (give one of its events as a one-event scenario)');
    const scenario = parsed.scenario as EventScenario;
    const comparison = await runHosts(scenario, hosts ?? DIALECT_IDS, { signal, port: { renameTools: renameTools ?? false } });
    return result(formatComparison(scenario, comparison), { ...hostsJson(comparison), event: comparison.event });
  },
};
