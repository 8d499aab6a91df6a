import type { Scenario } from '@hookplay/engine';

/**
 * Whether a scenario's result can depend on timing: its hooks sleep or wait (races between parallel hooks,
 * timeouts), or it expects a timeout. Such a scenario may need to run alone to be judged fairly; everything
 * else gives the same outcome however loaded the machine is.
 */
const WAITS = /\bsleep\b|\busleep\b|setTimeout|setInterval|time\.sleep|\bwait\b|Atomics\.wait|\btimeout\s+\d/;

export function timingDependent(scenario: Scenario): string | null {
  for (const [path, content] of Object.entries(scenario.files)) {
    const m = WAITS.exec(content);
    if (m) return `${path} uses "${m[0].trim()}"`;
  }
  if (scenario.expect && /"timedOut"\s*:\s*true/.test(JSON.stringify(scenario.expect))) return 'it expects a timeout';
  return null;
}
