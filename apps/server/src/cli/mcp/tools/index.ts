import type { HookplayTool } from '../tool.js';
import { compareVersionsTool } from './compare-versions.js';
import { doctorTool } from './doctor.js';
import { importProjectTool } from './import-project.js';
import { runOnEveryHostTool } from './run-on-every-host.js';
import { runScenarioTool } from './run-scenario.js';
import { realHostInstalled, runOnRealHostTool } from './run-on-real-host.js';

/**
 * The tools `hookplay mcp` offers, in the order clients list them. To add one, write tools/<name>.ts exporting a HookplayTool and add it here; when it depends on
 * something that may be missing (a real host CLI), leave it out of the list when it is absent rather than offering
 * a tool that can only fail.
 */
export function hookplayTools(): HookplayTool<any>[] {
  return [runScenarioTool, runOnEveryHostTool, compareVersionsTool, doctorTool, importProjectTool, ...(realHostInstalled() ? [runOnRealHostTool] : [])];
}
