import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { homedir } from 'node:os';
import { parseScenario, ScenarioError, type Scenario } from '@hookplay/engine';
import { UsageError, type OptionSpec, type Parsed } from '../args.js';
import { dim, yellow } from '../style.js';
import { ImportError, importFiles, type ImportedFiles } from './import-project.js';
import { readTranscript, type Skipped } from './transcript.js';

export const TRANSCRIPT_OPTIONS: Record<string, OptionSpec> = { '--transcript': { kind: 'value' } };

/** Transcripts are large (tool outputs); this is far past any real one's text a scenario should carry. */
const MAX_TRANSCRIPT_BYTES = 64 * 1024 * 1024;

export interface TranscriptImport {
  scenario: Scenario;
  outName: string;
  files: ImportedFiles;
  skipped: Skipped[];
  project: string;
}

/**
 * `hookplay import --transcript FILE`: the session scenario that replays a Claude Code transcript with the hooks
 * the project has now (its config read as `import` reads it; the project is --project, else the transcript's own
 * working directory when it exists here, else the current one).
 */
export function importTranscript(parsed: Parsed): TranscriptImport {
  const file = parsed.values.get('--transcript') as string;
  for (const option of ['--event', '--payload']) {
    if (parsed.values.has(option)) throw new UsageError(`${option} does not go with --transcript: the transcript gives the session's steps`);
  }
  const dialect = parsed.values.get('--dialect');
  if (dialect !== undefined && dialect !== 'claude-code') throw new UsageError(`--transcript reads Claude Code transcripts; --dialect must be claude-code, not "${String(dialect)}"`);
  const info = statSync(file, { throwIfNoEntry: false });
  if (!info?.isFile()) throw new UsageError(`--transcript ${file}: ${info ? 'not a file' : 'no such file'}`);
  if (info.size > MAX_TRANSCRIPT_BYTES) throw new UsageError(`--transcript ${file}: ${Math.round(info.size / 1024 / 1024)} MiB, more than the ${MAX_TRANSCRIPT_BYTES / 1024 / 1024} MiB hookplay reads`);
  const read = readTranscript(readFileSync(file, 'utf8'));
  if (!read.steps.some((s) => 'prompt' in s)) {
    throw new ImportError(`${file}: no user prompt found in ${read.skipped.length} lines, so there is no session to replay${read.skipped.length ? ` (${read.skipped.slice(0, 3).map((s) => `line ${s.line}: ${s.why}`).join('; ')})` : ''}`);
  }
  const project = (parsed.values.get('--project') as string | undefined) ?? parsed.positional[0] ?? (read.cwd && existsSync(read.cwd) ? read.cwd : '.');
  const home = parsed.values.get('--home');
  const files = importFiles({ project, dialect: 'claude-code', ...(home !== undefined ? { home: home === true ? homedir() : home } : {}) }, true);
  let scenario: Scenario;
  try {
    scenario = parseScenario({
      hookplay: 1,
      title: `Replay of ${read.sessionId ? `session ${read.sessionId}` : basename(file)}`,
      description: `Imported by hookplay import --transcript from ${file}, with the hooks of ${files.roots.project}. Tool results are the real ones (nothing is re-run); each tool step expects what really happened to the call, so \`hookplay test\` names where the emulation parts from the real run.`,
      ...files.scenario,
      session: { steps: read.steps },
    });
  } catch (e) {
    if (e instanceof ScenarioError) throw new ImportError(`${file}: the replayed session is not a valid scenario:\n${e.message}`);
    throw e;
  }
  const outName = `${basename(file).replace(/\.jsonl?$/, '')}.hookplay.json`.replace(/[^\w.@-]+/g, '-');
  return { scenario, outName, files, skipped: read.skipped, project: files.roots.project };
}

export function transcriptSummary(t: TranscriptImport): string {
  const steps = t.scenario.session!.steps;
  const count = (k: string) => steps.filter((s) => k in s).length;
  const lines = [`session: ${count('prompt')} prompts, ${count('tool')} tool calls, ${count('reply')} replies${count('interrupt') ? `, ${count('interrupt')} interrupts` : ''} (${steps.length} steps)`];
  lines.push(t.files.configs.length ? `config: ${t.files.configs.join(', ')} (of ${t.project})` : yellow(`no Claude Code hook config in ${t.project}: the replay runs with no hooks (pass --project DIR)`));
  if (t.files.scripts.length) lines.push(`scripts: ${t.files.scripts.join(', ')}`);
  for (const l of t.files.leftOut) lines.push(yellow(`left out ${l.path}: ${l.why}`) + (l.command ? dim(` (in "${l.command}")`) : ''));
  for (const s of t.skipped) lines.push(dim(`not replayed: line ${s.line}: ${s.why}`));
  return `${lines.join('\n')}\n`;
}
