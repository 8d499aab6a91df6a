import { z } from 'zod';
import { CannotExpressError, HostNotInstalledError, JailUnavailableError, listInstalled, NoRealHostError, RealRunError, runReal } from '@hookplay/real-host';
import { formatReal, realJson } from '../../format-real.js';
import { readScenario, scenarioArg } from '../scenario-input.js';
import { failure, result, type HookplayTool } from '../tool.js';

const input = { scenario: scenarioArg, version: z.string().optional().describe('The host version to run (installed with `hookplay hosts install`); default: the scenario\'s host.version, else the newest hookplay models.') };

/**
 * The scenario on its host's real CLI installed on this machine, beside the emulation: offered only when a real
 * host is installed (`hookplay hosts install`), so an agent never sees a tool that can only fail.
 */
export const runOnRealHostTool: HookplayTool<typeof input> = {
  name: 'run_on_real_host',
  title: 'Check on the real host CLI',
  description:
    "Runs a scenario (one event or a session) on the host's real CLI installed on this machine, offline against a local mock of its model API in a network namespace of its own, and compares it with hookplay's emulation field by field. Installed hosts: see `hookplay hosts list`.",
  input,
  runsHooks: true,
  async call({ scenario: raw, version }, signal) {
    const parsed = readScenario(raw);
    if ('error' in parsed) return failure(parsed.error, parsed.problems);
    try {
      const c = await runReal(parsed.scenario, { ...(version ? { version } : {}), signal });
      return result(formatReal(c), realJson(c) as unknown as Record<string, unknown>);
    } catch (e) {
      if (signal.aborted) throw e;
      if (e instanceof CannotExpressError) return failure(e.message, e.problems);
      if (e instanceof HostNotInstalledError || e instanceof JailUnavailableError || e instanceof RealRunError || e instanceof NoRealHostError) return failure(e.message);
      throw e;
    }
  },
};

export const realHostInstalled = () => listInstalled().some((i) => i.state === 'installed');
