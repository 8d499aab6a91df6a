/**
 * Taking a scenario out of the playground into a real project: the commands. A one-line shell command that
 * reproduces the run headless with nothing but hookplay installed, and the one the zip's README gives
 * (the zip itself: export-zip.ts, loaded when asked for).
 */
import type { ScenarioInput } from '@hookplay/engine/browser';

/** POSIX single quotes: everything is literal, and a quote is closed, escaped and reopened. */
export const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** Reproduces the run exactly (host settings included): the scenario goes to `hookplay run -` on stdin. */
export function headlessCommand(scenario: ScenarioInput): string {
  const { expect: _expect, ...doc } = scenario;
  return `printf '%s' ${shellQuote(JSON.stringify(doc))} | npx hookplay run -`;
}

/**
 * The command that runs the unpacked zip: the project and home folders, and the payload beside them. A session
 * has no one event to name on a command line: the scenario file beside them plays it. `--home=home` only when the
 * scenario has home files: the zip always holds both folders, but a home that adds nothing is noise.
 */
export function projectCommand(scenario: ScenarioInput): string {
  if (scenario.session) return 'npx hookplay run scenario.hookplay.json';
  const home = Object.keys(scenario.files ?? {}).some((k) => k.startsWith('~/')) ? ' --home=home' : '';
  return `npx hookplay run --project project${home} --dialect ${scenario.dialect} --event ${shellQuote(scenario.event ?? '')} --payload payload.json`;
}
