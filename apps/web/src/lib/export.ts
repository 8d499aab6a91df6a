/**
 * Taking a scenario out of the playground into a real project: the host's files as they sit on disk, zipped
 * (`project/` for the project, `home/` for `~/` keys, scripts that start with `#!` executable), and a one-line
 * shell command that reproduces the run headless with nothing but hookplay installed.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { ScenarioInput } from '@hookplay/engine/browser';

/** POSIX single quotes: everything is literal, and a quote is closed, escaped and reopened. */
export const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** Reproduces the run exactly (host settings included): the scenario goes to `hookplay run -` on stdin. */
export function headlessCommand(scenario: ScenarioInput): string {
  const { expect: _expect, ...doc } = scenario;
  return `printf '%s' ${shellQuote(JSON.stringify(doc))} | npx hookplay run -`;
}

/** The command that runs the unpacked zip: the project and home folders, and the payload beside them. */
export function projectCommand(scenario: ScenarioInput): string {
  return `npx hookplay run --project project --home=home --dialect ${scenario.dialect} --event ${shellQuote(scenario.event ?? "")} --payload payload.json`;
}

function readme(scenario: ScenarioInput): string {
  const hostNote = scenario.host && Object.keys(scenario.host).length
    ? `\nThis scenario also sets host settings that are not files (${Object.keys(scenario.host).join(', ')}): the command\nabove runs without them. scenario.hookplay.json has everything: npx hookplay run scenario.hookplay.json\n`
    : '';
  return `${scenario.title ? `${scenario.title}\n\n` : ''}Exported from the hookplay playground (${scenario.dialect}, ${scenario.event}).

project/   the files of the project: unpack them into your repository's root
home/      the files of the home directory: they belong in ~ (look before you overwrite your own)
payload.json   the event's payload

Run it headless from this folder:

  ${projectCommand(scenario)}
${hostNote}`;
}

const EXECUTABLE = 0o100755;
const REGULAR = 0o100644;

/** The zip's bytes. Unix modes ride in the external attributes (os 3 = Unix), so `unzip` restores `chmod +x`. */
export function exportZip(scenario: ScenarioInput): Uint8Array<ArrayBuffer> {
  const entries: Zippable = {};
  const add = (path: string, text: string) => {
    entries[path] = [strToU8(text), { os: 3, attrs: (text.startsWith('#!') ? EXECUTABLE : REGULAR) * 0x10000, mtime: new Date('2026-01-01T00:00:00Z') }];
  };
  for (const [key, content] of Object.entries(scenario.files ?? {})) add(key.startsWith('~/') ? `home/${key.slice(2)}` : `project/${key}`, content);
  add('payload.json', `${JSON.stringify(scenario.payload ?? {}, null, 2)}\n`);
  add('scenario.hookplay.json', `${JSON.stringify(scenario, null, 2)}\n`);
  add('README.txt', readme(scenario));
  return zipSync(entries, { level: 6 });
}

export const zipName = (scenario: ScenarioInput) =>
  `${(scenario.title ?? `${scenario.dialect}-${scenario.event}`).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'hookplay'}-files.zip`;
