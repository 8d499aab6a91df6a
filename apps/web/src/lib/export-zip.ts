/**
 * The host's files as they sit on disk, zipped: `project/` for the project, `home/` for `~/` keys, scripts that
 * start with `#!` executable, the payload and the scenario beside them, and a README whose command runs them.
 * Loaded when the zip is asked for.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { ScenarioInput } from '@hookplay/engine/browser';
import { projectCommand } from './export';

function readme(scenario: ScenarioInput): string {
  if (scenario.session) return sessionReadme(scenario);
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

function sessionReadme(scenario: ScenarioInput): string {
  const n = scenario.session!.steps.length;
  return `${scenario.title ? `${scenario.title}\n\n` : ''}Exported from the hookplay playground (${scenario.dialect}, a session of ${n} step${n === 1 ? '' : 's'}).

project/   the files of the project: unpack them into your repository's root
home/      the files of the home directory: they belong in ~ (look before you overwrite your own)
scenario.hookplay.json   the whole scenario: the files above and the session's steps

Play the session headless from this folder:

  ${projectCommand(scenario)}

Its tool calls without a given result run for real, in a temporary project directory made from the scenario's
files: the folders above are not touched.
`;
}

const EXECUTABLE = 0o100755;
const REGULAR = 0o100644;
const DIRECTORY = 0o40755;

/** The zip's bytes. Unix modes ride in the external attributes (os 3 = Unix), so `unzip` restores `chmod +x`. */
export function exportZip(scenario: ScenarioInput): Uint8Array<ArrayBuffer> {
  // Both folders are always there, empty or not: the README's command names them, and `hookplay run` refuses a
  // folder that does not exist.
  const entries: Zippable = {
    'project/': [new Uint8Array(0), { os: 3, attrs: DIRECTORY * 0x10000 + 0x10, mtime: new Date('2026-01-01T00:00:00Z') }],
    'home/': [new Uint8Array(0), { os: 3, attrs: DIRECTORY * 0x10000 + 0x10, mtime: new Date('2026-01-01T00:00:00Z') }],
  };
  const add = (path: string, text: string) => {
    entries[path] = [strToU8(text), { os: 3, attrs: (text.startsWith('#!') ? EXECUTABLE : REGULAR) * 0x10000, mtime: new Date('2026-01-01T00:00:00Z') }];
  };
  for (const [key, content] of Object.entries(scenario.files ?? {})) add(key.startsWith('~/') ? `home/${key.slice(2)}` : `project/${key}`, content);
  if (!scenario.session) add('payload.json', `${JSON.stringify(scenario.payload ?? {}, null, 2)}\n`);
  add('scenario.hookplay.json', `${JSON.stringify(scenario, null, 2)}\n`);
  add('README.txt', readme(scenario));
  return zipSync(entries, { level: 6 });
}

export const zipName = (scenario: ScenarioInput) =>
  `${(scenario.title ?? `${scenario.dialect}-${scenario.session ? 'session' : scenario.event}`).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'hookplay'}-files.zip`;
