import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs, UsageError } from './args.js';
import { EXIT } from './help.js';
import { defaultOutName, ImportError, importProject, type ImportResult } from './import/import-project.js';
import { importTranscript, TRANSCRIPT_OPTIONS, transcriptSummary } from './import/import-transcript.js';
import { importRequest, PROJECT_OPTIONS } from './project-source.js';
import { dim, yellow } from './style.js';

const USAGE = 'usage: hookplay import DIR --dialect D --event E [--payload FILE] [--home[=DIR]] [--out FILE] [--force]\n       hookplay import --transcript FILE [--project DIR] [--home[=DIR]] [--out FILE] [--force]';

/** What an import took and left, for stderr: the scenario itself goes to the file. */
export function importSummary(result: ImportResult): string {
  const lines = [`config: ${result.configs.join(', ')}`];
  if (result.scenario.host?.plugins?.length) lines.push(`plugins: ${result.scenario.host.plugins.join(', ')} (loaded as with --plugin-dir)`);
  if (result.scripts.length) lines.push(`scripts: ${result.scripts.join(', ')}`);
  const modes = Object.entries(result.scenario.modes ?? {});
  if (modes.length) lines.push(`modes: ${modes.map(([k, m]) => `${k} ${m}`).join(', ')} (as on disk, where the #! rule would differ)`);
  if (result.scenario.git) lines.push('git: the project is a git repository, and so is the scenario\'s');
  for (const l of result.leftOut) lines.push(yellow(`left out ${l.path}: ${l.why}`) + (l.command ? dim(` (in "${l.command}")`) : ''));
  return `${lines.join('\n')}\n`;
}

/** `hookplay import DIR ...`: writes a scenario from a project's real hook config. */
export async function importCommand(args: string[]): Promise<number> {
  let result: ImportResult | undefined;
  let transcript: ReturnType<typeof importTranscript> | undefined;
  let out: string;
  try {
    const parsed = parseArgs(args, { ...PROJECT_OPTIONS, ...TRANSCRIPT_OPTIONS, '--out': { kind: 'value' }, '-o': { kind: 'value' }, '--force': { kind: 'flag' } });
    if (parsed.values.has('--transcript')) {
      transcript = importTranscript(parsed);
      out = ((parsed.values.get('--out') ?? parsed.values.get('-o')) as string | undefined) ?? transcript.outName;
      if (existsSync(out) && !parsed.values.has('--force')) throw new UsageError(`${out} exists; pass --force to overwrite it, or --out FILE`);
      return write(out, transcript.scenario, transcriptSummary(transcript));
    }
    if (parsed.positional.length > 1) throw new UsageError(`one project directory, not ${parsed.positional.length}`);
    const project = (parsed.values.get('--project') as string | undefined) ?? parsed.positional[0];
    const request = importRequest(parsed, project);
    result = importProject(request);
    out = ((parsed.values.get('--out') ?? parsed.values.get('-o')) as string | undefined) ?? defaultOutName(request.project, request.event);
    if (existsSync(out) && !parsed.values.has('--force')) throw new UsageError(`${out} exists; pass --force to overwrite it, or --out FILE`);
  } catch (e) {
    process.stderr.write(`hookplay import: ${(e as Error).message}\n${e instanceof UsageError ? `${USAGE}\n` : ''}`);
    if (e instanceof UsageError || e instanceof ImportError) return EXIT.usage;
    throw e;
  }
  return write(out, result.scenario, importSummary(result));
}

function write(out: string, scenario: unknown, summary: string): number {
  try {
    // `--out hooks-tests/x.hookplay.json` in a project that has no hooks-tests yet is the README's own workflow.
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(scenario, null, 2)}\n`);
  } catch (e) {
    process.stderr.write(`hookplay import: cannot write ${out}: ${(e as Error).message}\n`);
    return EXIT.usage;
  }
  process.stderr.write(summary);
  process.stdout.write(`wrote ${out}\n`);
  return EXIT.ok;
}
