import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bold, dim, red, yellow } from '../style.js';
import type { DoctorReport, Finding, Severity } from './findings.js';

export const FORMATS = ['text', 'json', 'sarif', 'github'] as const;
export type Format = (typeof FORMATS)[number];

const where = (f: { file: string; line: number; column: number }) => `${f.file}:${f.line}:${f.column}`;
const paint: Record<Severity, (s: string) => string> = { error: red, warning: yellow, note: dim };

function counts(findings: Finding[]): string {
  const n = (s: Severity) => findings.filter((f) => f.severity === s).length;
  const plural = (k: number, word: string) => `${k} ${word}${k === 1 ? '' : 's'}`;
  return `${plural(n('error'), 'error')}, ${plural(n('warning'), 'warning')}, ${plural(n('note'), 'note')}`;
}

/** For a person: each hook with where it fires (or why not), then each finding at its place. */
export function formatText(report: DoctorReport): string {
  const lines: string[] = [bold('Hooks')];
  for (const h of report.hooks) {
    const mark = !h.loads ? red('not loaded') : h.runs ? 'runs' : yellow('never runs');
    lines.push(`  ${h.host} ${where(h)} ${h.events.join(', ')}${h.matcher ? ` [${h.matcher}]` : ''}: ${h.command.length > 70 ? `${h.command.slice(0, 69)}…` : h.command}`);
    lines.push(dim(`    ${mark}: ${h.why}`));
  }
  if (!report.hooks.length) lines.push(dim('  none'));
  lines.push('', bold('Findings'));
  for (const f of report.findings) lines.push(paint[f.severity](`  ${f.severity} ${where(f)} ${f.id} (${f.host})`), `    ${f.message}`);
  if (!report.findings.length) lines.push(dim('  none'));
  lines.push('', counts(report.findings));
  return `${lines.join('\n')}\n`;
}

export function formatJson(report: DoctorReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

const SARIF_LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', note: 'note' };

/** What each finding id checks, for SARIF's rule list (code scanning shows it beside each alert). */
const RULE_TEXT: Record<string, string> = {
  'matcher.never-matches': "A matcher that none of the host's tool names fit: the hook never fires.",
  'script.missing': 'A script the hook runs does not exist.',
  'script.not-executable': 'A script run directly is not executable.',
  'variable.unset': 'A variable the host does not set for its hooks.',
  'program.missing': 'A program the hook runs is not installed.',
  'answer.ignored': 'An answer the script prints that the host does nothing with.',
  'timeout.unit': "A timeout written in another host's unit.",
  'config.event-outside-hooks': 'An event key outside "hooks": the host never reads it.',
  'security.download-exec': 'Code downloaded and run (curl | sh, wget -O- | bash).',
  'security.eval-output': "eval of a command's output.",
  'security.network': 'A SessionStart or UserPromptSubmit hook that reaches the network.',
  'security.writable-by-others': 'A hook config or script writable by every user.',
  'security.unpinned-source': 'Hooks from a plugin source that is not pinned to a commit.',
  'security.dependency-hooks': 'A dependency that ships hook config.',
};

/** SARIF 2.1.0, as GitHub code scanning takes it: project files relative to the checkout, home files as file: URIs. */
export function formatSarif(report: DoctorReport, version: string, project: string, home?: string): string {
  const ids = [...new Set(report.findings.map((f) => f.id))].sort();
  const uri = (file: string) => {
    if (file.startsWith('~/')) return home ? pathToFileURL(`${home}/${file.slice(2)}`).href : file;
    return isAbsolute(file) ? pathToFileURL(file).href : file;
  };
  const sarif = {
    version: '2.1.0',
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    runs: [
      {
        tool: {
          driver: {
            name: 'hookplay doctor',
            version,
            informationUri: 'https://github.com/hookplay/hookplay',
            rules: ids.map((id) => ({ id, name: id, shortDescription: { text: RULE_TEXT[id] ?? `The host's own check ${id}.` }, helpUri: 'https://github.com/hookplay/hookplay#hookplay-doctor' })),
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(`${project}/`).href } },
        results: report.findings.map((f) => ({
          ruleId: f.id,
          ruleIndex: ids.indexOf(f.id),
          level: SARIF_LEVEL[f.severity],
          message: { text: `${f.message} (${f.host})` },
          locations: [
            {
              physicalLocation: {
                artifactLocation: f.file.startsWith('~/') ? { uri: uri(f.file) } : { uri: f.file, uriBaseId: '%SRCROOT%' },
                region: { startLine: f.line, startColumn: f.column },
              },
            },
          ],
        })),
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}

/** GitHub Actions workflow commands: each finding becomes an annotation on its line. */
export function formatGithub(report: DoctorReport): string {
  const data = (s: string) => s.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
  const prop = (s: string) => data(s).replaceAll(':', '%3A').replaceAll(',', '%2C');
  const command: Record<Severity, string> = { error: 'error', warning: 'warning', note: 'notice' };
  const lines = report.findings.map((f) => `::${command[f.severity]} file=${prop(f.file)},line=${f.line},col=${f.column},title=${prop(`${f.id} (${f.host})`)}::${data(f.message)}`);
  return `${[...lines, counts(report.findings)].join('\n')}\n`;
}
